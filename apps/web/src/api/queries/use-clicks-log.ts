import type { LogQuery } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logsApi } from '../logs.api';
import { queryKeys } from './query-keys';

/** One page of clicks; the previous page stays on screen while the next one loads. */
export function useClicksLog(query: LogQuery) {
  return useQuery({
    queryKey: queryKeys.logs.rows('clicks', query.websiteId, query),
    queryFn: () => logsApi.clicks(query),
    placeholderData: keepPreviousData,
  });
}
