import { useQuery } from '@tanstack/react-query';
import { type DateRange, type LogKind, rangeQuery } from '../log-query';
import { logsApi } from '../logs.api';
import { queryKeys } from './query-keys';

/** The distinct campaigns, sources, mediums or goals of the applied range, for the filter selects. */
export function useLogFacets(kind: LogKind, websiteId: string, range: DateRange) {
  return useQuery({
    queryKey: queryKeys.logs.facets(kind, websiteId, range),
    queryFn: () => logsApi.facets(kind, websiteId, rangeQuery(range)),
  });
}
