import type { TrafficSource } from '@ocx/contracts';
import { useInvalidateWorkspace } from '../queries/use-invalidate-workspace';
import { workspaceApi } from '../workspace.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

interface SourceInput {
  name: string;
  description: string;
}

export function useCreateSource(
  websiteId: string,
  callbacks?: MutationCallbacks<TrafficSource, SourceInput>,
) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (input: SourceInput) => workspaceApi.createSource(websiteId, input),
    invalidate,
    callbacks,
  );
}

export function useUpdateSource(
  websiteId: string,
  callbacks?: MutationCallbacks<TrafficSource, { id: string; input: SourceInput }>,
) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    ({ id, input }: { id: string; input: SourceInput }) => workspaceApi.updateSource(websiteId, id, input),
    invalidate,
    callbacks,
  );
}

export function useDeleteSource(websiteId: string, callbacks?: MutationCallbacks<void, string>) {
  const invalidate = useInvalidateWorkspace(websiteId);
  return useRefreshingMutation(
    (sourceId: string) => workspaceApi.removeSource(websiteId, sourceId),
    invalidate,
    callbacks,
  );
}
