import type { LogQuery } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logsApi } from '../logs.api';
import { queryKeys } from './query-keys';

/** One page of conversions; the previous page stays on screen while the next one loads. */
export function useConversionsLog(query: LogQuery) {
  return useQuery({
    queryKey: queryKeys.logs.rows('conversions', query.websiteId, query),
    queryFn: () => logsApi.conversions(query),
    placeholderData: keepPreviousData,
  });
}
