import type { Website } from '@ocx/contracts';
import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../integrations.api';
import { queryKeys } from './query-keys';

/** What the credits depend on; a new value (after a save) reads the status again at once. */
function creditSettingsKey(website: Website): string {
  const { window, settings } = website.attribution;
  return JSON.stringify([window, settings, website.scriptConfig.crossDeviceTracking]);
}

/**
 * Progress of the background recompute of every conversion's credits. Read when the screen opens and
 * whenever the saved window, weights, decay or cross-device setting change; re-read every second
 * while it runs.
 */
export function useAttributionStatus(website: Website) {
  return useQuery({
    queryKey: queryKeys.attributionStatus(website.id, creditSettingsKey(website)),
    queryFn: () => integrationsApi.attributionStatus(website.id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
  });
}
