import type { Funnel } from '@ocx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { funnelsApi } from '../../api/funnels.api';
import { queryKeys } from '../../api/queries/query-keys';
import { draftToInput, type FunnelDraft } from './funnel-draft';

/** Creates the funnel when it has no id, updates it otherwise (spec §4). */
export function useSaveFunnel(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: FunnelDraft): Promise<Funnel> =>
      draft.id
        ? funnelsApi.update(draft.id, draftToInput(draft))
        : funnelsApi.create({ website_id: websiteId, ...draftToInput(draft) }),
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
