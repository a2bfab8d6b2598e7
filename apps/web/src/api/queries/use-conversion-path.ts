import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../client';
import { logsApi } from '../logs.api';
import { queryKeys } from './query-keys';

/** A path answers 404 until its credits are written, about a second after the conversion. */
export const isPathNotReady = (error: unknown) => error instanceof ApiError && error.status === 404;

const PATH_RETRY_MS = 1500;
const PATH_RETRIES = 20;

/** The touchpoints behind one conversion with their credit under every model. */
export function useConversionPath(websiteId: string, conversionId: string) {
  return useQuery({
    queryKey: queryKeys.logs.conversionPath(websiteId, conversionId),
    queryFn: () => logsApi.conversionPath(websiteId, conversionId),
    retry: (count, error) => (isPathNotReady(error) ? count < PATH_RETRIES : count < 2),
    retryDelay: (count, error) => (isPathNotReady(error) ? PATH_RETRY_MS : Math.min(1000 * 2 ** count, 8000)),
    // Its credits are computed within about a second of the conversion being stored.
    refetchInterval: (query) => (query.state.data?.pending ? PATH_RETRY_MS : false),
  });
}
