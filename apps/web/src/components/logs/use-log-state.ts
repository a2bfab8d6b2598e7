import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer } from 'react';
import { type LogKind, rangeQuery } from '../../api/log-query';
import { queryKeys } from '../../api/queries/query-keys';
import { initialLogState, logReducer } from './log-state';

/**
 * A log screen's range, filters and page, and the query they make. `timeZone` is the website's:
 * the default range ends on its today (undefined for all websites: the browser's today).
 */
export function useLogState(kind: LogKind, websiteId: string, timeZone?: string) {
  const [state, dispatch] = useReducer(logReducer, undefined, () => initialLogState(new Date(), timeZone));
  const queryClient = useQueryClient();
  const query = {
    websiteId,
    ...rangeQuery(state.range),
    ...state.filters,
  };
  const applyRange = useCallback(() => {
    dispatch({ type: 'applyRange' });
    // Re-fetch even when the range is unchanged (spec §4 'Apply Date Range re-fetches').
    void queryClient.invalidateQueries({ queryKey: queryKeys.logs.all(kind, websiteId) });
  }, [queryClient, kind, websiteId]);
  const refresh = useCallback(
    () =>
      queryClient.refetchQueries(
        { queryKey: queryKeys.logs.all(kind, websiteId), type: 'active' },
        { throwOnError: true },
      ),
    [queryClient, kind, websiteId],
  );
  return {
    timeZone,
    state,
    dispatch,
    /** The applied range and filters, without paging: what the export downloads. */
    query,
    /** The current page of it. */
    pageQuery: { ...query, limit: state.pageSize, offset: state.page * state.pageSize },
    applyRange,
    refresh,
  };
}
