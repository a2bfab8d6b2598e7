import type { TestEventResult } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../queries/query-keys';
import { websitesApi } from '../websites.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

/** Runs Event Test's event through the visitors' pipeline; the recent events show it when it passed. */
export function useSendTestEvent(websiteId: string, callbacks?: MutationCallbacks<TestEventResult, void>) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    () => websitesApi.sendTestEvent(websiteId),
    () => queryClient.invalidateQueries({ queryKey: queryKeys.recentEvents(websiteId) }),
    callbacks,
  );
}
