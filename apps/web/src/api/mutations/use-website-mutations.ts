import type { Goal, GoalPatch, NewGoal, NewWebsite, Website, WebsitePatch } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../queries/query-keys';
import { websitesApi } from '../websites.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

/** The websites list holds each website's settings and goals: every change here reads it again. */
function useInvalidateWebsites() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.websites });
}

export function useCreateWebsite(callbacks?: MutationCallbacks<Website, NewWebsite>) {
  return useRefreshingMutation(websitesApi.create, useInvalidateWebsites(), callbacks);
}

export function useUpdateWebsite(websiteId: string, callbacks?: MutationCallbacks<Website, WebsitePatch>) {
  return useRefreshingMutation(
    (patch: WebsitePatch) => websitesApi.update(websiteId, patch),
    useInvalidateWebsites(),
    callbacks,
  );
}

/** Creates the website when there is none yet, updates it otherwise. */
export function useSaveWebsite(website: Website | null, callbacks?: MutationCallbacks<Website, NewWebsite>) {
  return useRefreshingMutation(
    (input: NewWebsite) => (website ? websitesApi.update(website.id, input) : websitesApi.create(input)),
    useInvalidateWebsites(),
    callbacks,
  );
}

export function useDeleteWebsite(websiteId: string, callbacks?: MutationCallbacks<void, void>) {
  return useRefreshingMutation(() => websitesApi.remove(websiteId), useInvalidateWebsites(), callbacks);
}

export function useAddGoal(websiteId: string, callbacks?: MutationCallbacks<Goal, NewGoal>) {
  return useRefreshingMutation(
    (goal: NewGoal) => websitesApi.addGoal(websiteId, goal),
    useInvalidateWebsites(),
    callbacks,
  );
}

export function useUpdateGoal(
  websiteId: string,
  callbacks?: MutationCallbacks<Goal, { goalId: string; patch: GoalPatch }>,
) {
  return useRefreshingMutation(
    ({ goalId, patch }: { goalId: string; patch: GoalPatch }) =>
      websitesApi.updateGoal(websiteId, goalId, patch),
    useInvalidateWebsites(),
    callbacks,
  );
}

export function useRemoveGoal(callbacks?: MutationCallbacks<void, Goal>) {
  return useRefreshingMutation(
    (goal: Goal) => websitesApi.removeGoal(goal.websiteId, goal.id),
    useInvalidateWebsites(),
    callbacks,
  );
}
