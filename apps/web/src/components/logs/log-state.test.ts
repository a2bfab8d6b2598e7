import { describe, expect, it } from 'vitest';
import { initialLogState, type LogState, logReducer } from './log-state';

const now = new Date(2025, 2, 31, 12);
const onPage3 = (): LogState => ({ ...initialLogState(now), page: 2 });

describe('log screen state', () => {
  it('starts on the first page of 10 rows over the last 30 days, with no filter and the panel hidden', () => {
    expect(initialLogState(now)).toMatchObject({
      range: { start: '2025-03-01', end: '2025-03-31' },
      filters: {},
      page: 0,
      pageSize: 10,
      showFilters: false,
    });
  });

  it('applies the chosen filters only on Apply Filters, and goes back to the first page', () => {
    let state = logReducer(onPage3(), { type: 'editFilter', key: 'source', value: 'google' });
    expect(state.filters).toEqual({});
    expect(state.page).toBe(2);
    state = logReducer(state, { type: 'applyFilters' });
    expect(state.filters).toEqual({ source: 'google' });
    expect(state.page).toBe(0);
  });

  it("choosing 'All' removes that filter", () => {
    let state = logReducer(initialLogState(now), { type: 'editFilter', key: 'medium', value: 'cpc' });
    state = logReducer(state, { type: 'editFilter', key: 'medium', value: null });
    expect(state.draftFilters).toEqual({});
  });

  it('Apply Date Range takes the new dates and clears the campaign, source, medium and goal filters', () => {
    let state: LogState = {
      ...onPage3(),
      filters: { campaign: 'c1', goal: 'Purchase' },
      draftFilters: { source: 'x' },
    };
    state = logReducer(state, { type: 'editRange', range: { start: '2025-01-01' } });
    expect(state.range.start).toBe('2025-03-01');
    state = logReducer(state, { type: 'applyRange' });
    expect(state).toMatchObject({
      range: { start: '2025-01-01', end: '2025-03-31' },
      filters: {},
      draftFilters: {},
      page: 0,
    });
  });

  it('Clear Filters empties applied and chosen filters but keeps the dates', () => {
    const state = logReducer(
      { ...onPage3(), filters: { campaign: 'none' }, draftFilters: { campaign: 'none', medium: 'cpc' } },
      { type: 'clearFilters' },
    );
    expect(state).toMatchObject({
      filters: {},
      draftFilters: {},
      page: 0,
      range: initialLogState(now).range,
    });
  });

  it('a new page size starts again at the first page', () => {
    expect(logReducer(onPage3(), { type: 'setPageSize', pageSize: 50 })).toMatchObject({
      pageSize: 50,
      page: 0,
    });
  });
});
