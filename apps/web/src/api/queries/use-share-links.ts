import type { BreakdownFilters, DashboardRange } from '@ocx/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shareApi } from '../share.api';
import { queryKeys } from './query-keys';

/** The website's shared dashboard links (no tokens). */
export function useShareLinks(websiteId: string) {
  return useQuery({ queryKey: queryKeys.shareLinks(websiteId), queryFn: () => shareApi.list(websiteId) });
}

/** Makes a link; the answer holds the whole link, which the server never shows again. */
export function useCreateShareLink(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string | null) => shareApi.create(websiteId, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(websiteId) }),
  });
}

export function useRevokeShareLink(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => shareApi.revoke(websiteId, shareId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(websiteId) }),
  });
}

export function useSharedWebsite(token: string) {
  return useQuery({
    queryKey: queryKeys.shared.website(token),
    queryFn: () => shareApi.describe(token),
    retry: false,
  });
}

/** The shared dashboard for one range; `enabled` waits for the password's proof where one is needed. */
export function useSharedDashboard(
  token: string,
  range: DashboardRange,
  filters: BreakdownFilters,
  access: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.shared.dashboard(token, range, filters, access),
    queryFn: () => shareApi.dashboard(token, range, filters, access),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    retry: false,
  });
}
