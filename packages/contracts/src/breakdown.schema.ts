import { z } from 'zod';
import {
  BREAKDOWN_DIMENSION_MESSAGE,
  type BreakdownDimension,
  type BreakdownFilterKey,
  type BreakdownFilters,
  breakdownFilterKeys,
  isBreakdownDimension,
  MAX_BREAKDOWN_ROWS,
} from './breakdown.constants';
import { dashboardRanges } from './constants';

const FilterValue = z.string().min(1).max(2048);
/** The dashboard filters as query parameters (the breakdowns' and the dashboard's). */
export const filterShape = Object.fromEntries(
  breakdownFilterKeys.map((key) => [key, FilterValue.optional()]),
) as Record<BreakdownFilterKey, z.ZodOptional<typeof FilterValue>>;

/** The filters a parsed query carries, without the absent ones. */
export function filtersOf(query: Partial<Record<BreakdownFilterKey, string | undefined>>): BreakdownFilters {
  return Object.fromEntries(
    breakdownFilterKeys.flatMap((key) => (query[key] === undefined ? [] : [[key, query[key]]])),
  );
}

export const BreakdownQuery = z.object({
  websiteId: z.string({ error: 'websiteId is required' }).min(1, 'websiteId is required').max(64),
  range: z.enum(dashboardRanges, { error: 'range must be one of 1d, 7d, 30d, all' }).default('7d'),
  dimension: z
    .string({ error: BREAKDOWN_DIMENSION_MESSAGE })
    .refine(isBreakdownDimension, BREAKDOWN_DIMENSION_MESSAGE)
    .transform((d) => d as BreakdownDimension),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_BREAKDOWN_ROWS}` })
    .int(`limit must be a whole number from 1 to ${MAX_BREAKDOWN_ROWS}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_BREAKDOWN_ROWS}`)
    .max(MAX_BREAKDOWN_ROWS, `limit must be a whole number from 1 to ${MAX_BREAKDOWN_ROWS}`)
    .default(100),
  offset: z.coerce
    .number({ error: 'offset must be a whole number of at least 0' })
    .int('offset must be a whole number of at least 0')
    .min(0, 'offset must be a whole number of at least 0')
    .default(0),
  ...filterShape,
});
export type BreakdownQuery = z.infer<typeof BreakdownQuery>;

/**
 * One value of a dimension. `value` null: not known (no country, no device). Counts are named as
 * in the Dashboard answer; converting visitors are not conversions (one visitor may convert twice).
 */
export interface BreakdownRow {
  value: string | null;
  /** What to show for the value when it is an id (a campaign's name). */
  label?: string;
  /** Distinct visitors of the row. */
  visitors: number;
  /** Pageviews of the row. */
  pageviews: number;
  /** Visitors of the row who completed any goal in the range (the screen's Conversions column). */
  convertedVisitors: number;
  /** convertedVisitors / visitors × 100, one decimal (for `goal`: / all visitors in scope). */
  conversionRate: number;
}

/** GET /api/analytics/breakdown (docs/definitions.md#breakdowns-and-filters). */
export interface Breakdown {
  rows: BreakdownRow[];
  /** Rows of the dimension before limit and offset. */
  total: number;
  /** Distinct visitors in range under the filters: what each row's share is of. */
  visitors: number;
}
