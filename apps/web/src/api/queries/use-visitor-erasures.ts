import { useQuery } from '@tanstack/react-query';
import { visitorsApi } from '../visitors.api';
import { queryKeys } from './query-keys';

/** The website's erasure log (the latest 100), newest first; an erasure reads it again. */
export function useVisitorErasures(websiteId: string) {
  return useQuery({
    queryKey: queryKeys.visitorErasures(websiteId),
    queryFn: () => visitorsApi.erasures(websiteId),
  });
}
