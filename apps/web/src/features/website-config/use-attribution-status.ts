import type { Attribution } from '@ocx/contracts';
import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../../api/integrations.api';

/** What the credits depend on; a new value (after a save) reads the status again at once. */
function creditSettingsKey(attribution: Attribution): string {
  return JSON.stringify([attribution.window, attribution.settings]);
}

/**
 * Progress of the background recompute of every conversion's credits. Read when the screen opens and
 * whenever the saved window, weights or decay change; re-read every second while it runs.
 */
export function useAttributionStatus(websiteId: string, saved: Attribution) {
  return useQuery({
    queryKey: ['attribution-status', websiteId, creditSettingsKey(saved)] as const,
    queryFn: () => integrationsApi.attributionStatus(websiteId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
  });
}
