import type { Funnel, FunnelUpdate } from '@ocx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { funnelsApi } from '../funnels.api';
import { queryKeys } from '../queries/query-keys';

interface FunnelSave {
  /** The funnel's id when it exists; none creates it. */
  id: string | undefined;
  input: FunnelUpdate;
}

/** Creates the funnel when it has no id, updates it otherwise (spec §4). */
export function useSaveFunnel(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: FunnelSave): Promise<Funnel> =>
      id ? funnelsApi.update(id, input) : funnelsApi.create({ website_id: websiteId, ...input }),
    onSuccess: (funnel) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.funnels.list(websiteId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.funnels.figures(funnel.id) }),
      ]),
  });
}

export function useDeleteFunnel(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (funnel: Funnel) => funnelsApi.remove(funnel.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.funnels.list(websiteId) }),
  });
}
