import { useQuery } from '@tanstack/react-query';
import { websitesApi } from '../../api/websites.api';

export const WEBSITES_KEY = ['websites'] as const;

export function useWebsites() {
  return useQuery({ queryKey: WEBSITES_KEY, queryFn: websitesApi.list });
}
