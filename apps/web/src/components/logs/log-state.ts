import {
  type DateRange,
  DEFAULT_PAGE_SIZE,
  defaultRange,
  type FilterKey,
  type LogFilters,
} from '../../api/log-query';

/** What a log screen shows: the applied range and filters, the ones being edited, and the page. */
export interface LogState {
  range: DateRange;
  draftRange: DateRange;
  filters: LogFilters;
  draftFilters: LogFilters;
  /** 0-based. */
  page: number;
  pageSize: number;
  showFilters: boolean;
}

export type LogAction =
  | { type: 'editRange'; range: Partial<DateRange> }
  | { type: 'applyRange' }
  | { type: 'editFilter'; key: FilterKey; value: string | null }
  | { type: 'applyFilters' }
  | { type: 'clearFilters' }
  | { type: 'setPage'; page: number }
  | { type: 'setPageSize'; pageSize: number }
  | { type: 'toggleFilters' };

export function initialLogState(now = new Date(), timeZone?: string): LogState {
  const range = defaultRange(now, timeZone);
  return {
    range,
    draftRange: range,
    filters: {},
    draftFilters: {},
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
    showFilters: false,
  };
}

/** Spec §4 'Logs screens': a new range clears the filters; any change of what is listed goes back to page 0. */
export function logReducer(state: LogState, action: LogAction): LogState {
  switch (action.type) {
    case 'editRange':
      return { ...state, draftRange: { ...state.draftRange, ...action.range } };
    case 'applyRange':
      return { ...state, range: state.draftRange, filters: {}, draftFilters: {}, page: 0 };
    case 'editFilter': {
      const { [action.key]: _, ...rest } = state.draftFilters;
      return { ...state, draftFilters: action.value ? { ...rest, [action.key]: action.value } : rest };
    }
    case 'applyFilters':
      return { ...state, filters: state.draftFilters, page: 0 };
    case 'clearFilters':
      return { ...state, filters: {}, draftFilters: {}, page: 0 };
    case 'setPage':
      return { ...state, page: Math.max(0, action.page) };
    case 'setPageSize':
      return { ...state, pageSize: action.pageSize, page: 0 };
    case 'toggleFilters':
      return { ...state, showFilters: !state.showFilters };
  }
}
