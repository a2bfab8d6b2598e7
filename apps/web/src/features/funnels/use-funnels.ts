import type { Funnel, FunnelPeriod } from '@ocx/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { funnelsApi } from '../../api/funnels.api';
import { draftToInput, type FunnelDraft } from './funnel-draft';

export const funnelKeys = {
  all: ['funnels'] as const,
  list: (websiteId: string) => ['funnels', 'list', websiteId] as const,
  figures: (funnelId: string) => ['funnels', 'figures', funnelId] as const,
};

export function useFunnels(websiteId: string) {
  return useQuery({ queryKey: funnelKeys.list(websiteId), queryFn: () => funnelsApi.list(websiteId) });
}

export function useFunnelAnalytics(funnelId: string, period: FunnelPeriod) {
  return useQuery({
    queryKey: [...funnelKeys.figures(funnelId), 'analytics', period],
    queryFn: () => funnelsApi.analytics(funnelId, period),
    placeholderData: keepPreviousData,
  });
}

export function useFunnelComparison(funnelId: string, current: FunnelPeriod, previous: FunnelPeriod) {
  return useQuery({
    queryKey: [...funnelKeys.figures(funnelId), 'compare', current, previous],
    queryFn: () => funnelsApi.compare(funnelId, current, previous),
    placeholderData: keepPreviousData,
  });
}

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
        queryClient.invalidateQueries({ queryKey: funnelKeys.list(websiteId) }),
        queryClient.invalidateQueries({ queryKey: funnelKeys.figures(funnel.id) }),
      ]),
  });
}

export function useDeleteFunnel(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (funnel: Funnel) => funnelsApi.remove(funnel.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: funnelKeys.list(websiteId) }),
  });
}
