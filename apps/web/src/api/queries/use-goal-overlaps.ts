import { useQuery } from '@tanstack/react-query';
import { websitesApi } from '../websites.api';
import { queryKeys } from './query-keys';

/** The website's valued goals that count one sale twice (docs/definitions.md#valued-goals-that-overlap). */
export function useGoalOverlaps(websiteId: string) {
  return useQuery({
    queryKey: queryKeys.goalOverlaps(websiteId),
    queryFn: () => websitesApi.goalOverlaps(websiteId),
  });
}
