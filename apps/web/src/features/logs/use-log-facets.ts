import { useQuery } from '@tanstack/react-query';
import { logsApi } from '../../api/logs.api';
import { type DateRange, type LogKind, rangeQuery } from './log-query';

/** Query keys of a log: everything under ['logs', kind, websiteId] is refreshed together. */
export const logKeys = {
  all: (kind: LogKind, websiteId: string) => ['logs', kind, websiteId] as const,
  rows: (kind: LogKind, websiteId: string, params: object) =>
    ['logs', kind, websiteId, 'rows', params] as const,
  facets: (kind: LogKind, websiteId: string, range: DateRange) =>
    ['logs', kind, websiteId, 'facets', range] as const,
};

/** The distinct campaigns, sources, mediums or goals of the applied range, for the filter selects. */
export function useLogFacets(kind: LogKind, websiteId: string, range: DateRange) {
  return useQuery({
    queryKey: logKeys.facets(kind, websiteId, range),
    queryFn: () => logsApi.facets(kind, websiteId, rangeQuery(range)),
  });
}
