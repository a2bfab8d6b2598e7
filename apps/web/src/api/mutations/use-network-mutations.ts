import type { Network } from '@ocx/contracts';
import { useInvalidateWorkspace } from '../queries/use-invalidate-workspace';
import { workspaceApi } from '../workspace.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

type NetworkInput = Parameters<typeof workspaceApi.createNetwork>[1];

// A network's metrics cross the other workspace cards, so every change refreshes the workspace.

export function useCreateNetwork(websiteId: string, callbacks?: MutationCallbacks<Network, NetworkInput>) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (input: NetworkInput) => workspaceApi.createNetwork(websiteId, input),
    invalidate,
    callbacks,
  );
}

export function useUpdateNetwork(
  websiteId: string,
  callbacks?: MutationCallbacks<Network, { id: string; input: NetworkInput }>,
) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    ({ id, input }: { id: string; input: NetworkInput }) => workspaceApi.updateNetwork(websiteId, id, input),
    invalidate,
    callbacks,
  );
}

export function useDeleteNetwork(websiteId: string, callbacks?: MutationCallbacks<void, string>) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (networkId: string) => workspaceApi.removeNetwork(websiteId, networkId),
    invalidate,
    callbacks,
  );
}
