import type { LandingPage } from '@ocx/contracts';
import { useInvalidateWorkspace } from '../queries/use-invalidate-workspace';
import { workspaceApi } from '../workspace.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

interface LandingPageInput {
  name: string;
  path: string;
}

export function useCreateLandingPage(
  websiteId: string,
  callbacks?: MutationCallbacks<LandingPage, LandingPageInput>,
) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (input: LandingPageInput) => workspaceApi.createLandingPage(websiteId, input),
    invalidate,
    callbacks,
  );
}

export function useUpdateLandingPage(
  websiteId: string,
  callbacks?: MutationCallbacks<LandingPage, { id: string; input: LandingPageInput }>,
) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    ({ id, input }: { id: string; input: LandingPageInput }) =>
      workspaceApi.updateLandingPage(websiteId, id, input),
    invalidate,
    callbacks,
  );
}

export function useDeleteLandingPage(websiteId: string, callbacks?: MutationCallbacks<void, string>) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (pageId: string) => workspaceApi.removeLandingPage(websiteId, pageId),
    invalidate,
    callbacks,
  );
}
