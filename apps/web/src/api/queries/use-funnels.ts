import { useQuery } from '@tanstack/react-query';
import { funnelsApi } from '../funnels.api';
import { queryKeys } from './query-keys';

export function useFunnels(websiteId: string) {
  return useQuery({ queryKey: queryKeys.funnels.list(websiteId), queryFn: () => funnelsApi.list(websiteId) });
}
