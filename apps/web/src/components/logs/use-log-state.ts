import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type LogKind, rangeQuery } from '../../api/log-query';
import { queryKeys } from '../../api/queries/query-keys';
import { logViewFromParams, paramsWithLogView } from './log-address';
import { type LogAction, type LogState, logReducer } from './log-state';

type Drafts = Pick<LogState, 'draftRange' | 'draftFilters' | 'showFilters'>;

/**
 * A log screen's range, filters and page, and the query they make. What is applied lives in the
 * address (reload, Back and a shared link show the same rows); what is being typed stays here until
 * applied. `timeZone` is the website's: the default range ends on its today (undefined for all
 * websites: the browser's today).
 */
export function useLogState(kind: LogKind, websiteId: string, timeZone?: string) {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  // The default range is the last 30 days as of when the screen opened, not of each render.
  const [openedAt] = useState(() => new Date());
  const view = useMemo(
    () => logViewFromParams(new URLSearchParams(address), openedAt, timeZone),
    [address, openedAt, timeZone],
  );
  const [drafts, setDrafts] = useState<Drafts>(() => ({
    draftRange: view.range,
    draftFilters: view.filters,
    showFilters: false,
  }));
  // Back, Forward or a link changed what is applied: the inputs show it again.
  const shownAddress = useRef(address);
  useEffect(() => {
    if (shownAddress.current === address) return;
    shownAddress.current = address;
    setDrafts((d) => ({ ...d, draftRange: view.range, draftFilters: view.filters }));
  }, [address, view]);

  const state: LogState = { ...view, ...drafts };
  const stateRef = useRef(state);
  stateRef.current = state;

  const dispatch = useCallback(
    (action: LogAction) => {
      const before = stateRef.current;
      const next = logReducer(before, action);
      setDrafts({
        draftRange: next.draftRange,
        draftFilters: next.draftFilters,
        showFilters: next.showFilters,
      });
      const applied =
        next.range !== before.range ||
        next.filters !== before.filters ||
        next.page !== before.page ||
        next.pageSize !== before.pageSize;
      if (applied) {
        const written = paramsWithLogView(new URLSearchParams(address), next, openedAt, timeZone);
        shownAddress.current = written.toString();
        setParams(written);
      }
    },
    [address, openedAt, timeZone, setParams],
  );

  const queryClient = useQueryClient();
  const query = { websiteId, ...rangeQuery(view.range), ...view.filters };
  const applyRange = useCallback(() => {
    dispatch({ type: 'applyRange' });
    // Re-fetch even when the range is unchanged (spec §4 'Apply Date Range re-fetches').
    void queryClient.invalidateQueries({ queryKey: queryKeys.logs.all(kind, websiteId) });
  }, [dispatch, queryClient, kind, websiteId]);
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
    pageQuery: { ...query, limit: view.pageSize, offset: view.page * view.pageSize },
    applyRange,
    refresh,
  };
}
