import type { Breakdown, BreakdownDimension, BreakdownFilters, DashboardRange } from '@ocx/contracts';
import { api } from './client';

export interface BreakdownParams {
  range: DashboardRange;
  dimension: BreakdownDimension;
  filters: BreakdownFilters;
  limit: number;
}

/** DESIGN §10 breakdowns: one dimension's rows, most visitors first. */
export const breakdownApi = {
  get: (websiteId: string, { range, dimension, filters, limit }: BreakdownParams) => {
    const query = new URLSearchParams({ websiteId, range, dimension, limit: String(limit) });
    for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, value);
    return api<Breakdown>('GET', `/api/analytics/breakdown?${query.toString()}`);
  },
};
