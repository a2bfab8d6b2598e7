import { useQuery } from '@tanstack/react-query';
import { websitesApi } from '../websites.api';
import { queryKeys } from './query-keys';

export function useWebsites() {
  return useQuery({ queryKey: queryKeys.websites, queryFn: websitesApi.list });
}
