import { type Campaign, messages } from '@ocx/contracts';
import { ApiError } from '../client';
import { useInvalidateWorkspace } from '../queries/use-invalidate-workspace';
import { workspaceApi } from '../workspace.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

type CampaignInput = Parameters<typeof workspaceApi.createCampaign>[1];
type CampaignChange = Parameters<typeof workspaceApi.updateCampaign>[2];

export function useCreateCampaign(websiteId: string, callbacks?: MutationCallbacks<Campaign, CampaignInput>) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (input: CampaignInput) => workspaceApi.createCampaign(websiteId, input),
    invalidate,
    callbacks,
  );
}

export function useUpdateCampaign(
  websiteId: string,
  callbacks?: MutationCallbacks<Campaign, { id: string; change: CampaignChange }>,
) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    ({ id, change }: { id: string; change: CampaignChange }) =>
      workspaceApi.updateCampaign(websiteId, id, change),
    invalidate,
    callbacks,
  );
}

/** Spec §4: deleting a campaign that no longer exists counts as success. */
export function useDeleteCampaign(websiteId: string, callbacks?: MutationCallbacks<void, string>) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (campaignId: string) =>
      workspaceApi.removeCampaign(websiteId, campaignId).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 404 && err.message === messages.campaigns.notFound))
          throw err;
      }),
    invalidate,
    callbacks,
  );
}

/** The builder's Confirm Name: the tracking id the server proposes for a name (nothing is saved). */
export function useProposeOcxid(websiteId: string, callbacks?: MutationCallbacks<{ ocxid: string }, string>) {
  return useRefreshingMutation((name: string) => workspaceApi.proposeOcxid(websiteId, name), null, callbacks);
}

type TemplateInput = Parameters<typeof workspaceApi.createTemplate>[1];

export function useCreateTemplate(
  websiteId: string,
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof workspaceApi.createTemplate>>, TemplateInput>,
) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (input: TemplateInput) => workspaceApi.createTemplate(websiteId, input),
    invalidate,
    callbacks,
  );
}
