import type { Breakdown, BreakdownDimension, BreakdownFilters, DashboardRange } from '@ocx/contracts';
import { api } from './client';
import { queryKeys } from './queries/query-keys';

export interface BreakdownParams {
  range: DashboardRange;
  dimension: BreakdownDimension;
  filters: BreakdownFilters;
  limit: number;
}

/**
 * Where a dashboard's breakdowns come from: a signed-in user's website, or a shared link. `key`
 * starts every query key of its rows (Refresh Data invalidates it).
 */
export interface BreakdownSource {
  key: readonly unknown[];
  get: (params: BreakdownParams) => Promise<Breakdown>;
}

/** A breakdown's query string, without the website (a shared link has none). */
export function breakdownQuery({ range, dimension, filters, limit }: BreakdownParams): URLSearchParams {
  const query = new URLSearchParams({ range, dimension, limit: String(limit) });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, value);
  return query;
}

/** docs/definitions.md#breakdowns-and-filters breakdowns: one dimension's rows, most visitors first. */
const breakdownApi = {
  get: (websiteId: string, params: BreakdownParams) =>
    api<Breakdown>(
      'GET',
      `/api/analytics/breakdown?websiteId=${encodeURIComponent(websiteId)}&${breakdownQuery(params)}`,
    ),
};

/** A signed-in user's website as the breakdowns' source. */
export const websiteBreakdowns = (websiteId: string): BreakdownSource => ({
  key: queryKeys.breakdown.all(websiteId),
  get: (params) => breakdownApi.get(websiteId, params),
});
