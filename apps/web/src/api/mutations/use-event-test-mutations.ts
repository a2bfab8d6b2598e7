import type { CollectResult } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../queries/query-keys';
import { websitesApi } from '../websites.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

/** Sends Event Test's event through the visitors' pipeline; the recent events show it. */
export function useSendTestEvent(websiteId: string, callbacks?: MutationCallbacks<CollectResult, void>) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    () => websitesApi.sendTestEvent(websiteId),
    () => queryClient.invalidateQueries({ queryKey: queryKeys.recentEvents(websiteId) }),
    callbacks,
  );
}
