import type { LogQuery } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logsApi } from '../../api/logs.api';
import { logKeys } from '../logs/use-log-facets';

/** One page of clicks; the previous page stays on screen while the next one loads. */
export function useClicks(query: LogQuery) {
  return useQuery({
    queryKey: logKeys.rows('clicks', query.websiteId, query),
    queryFn: () => logsApi.clicks(query),
    placeholderData: keepPreviousData,
  });
}
