import type { BreakdownDimension, BreakdownRow } from '@ocx/contracts';
import { percentOf } from './dashboard-figures';

/**
 * How a dimension gives each event in scope its value (issue 27):
 * - `event`: a column of the event itself (country, device …); `pageview`: the path of pageviews;
 * - `session`: one value per session, from its first event (sources) or its first or last
 *   pageview (entry and exit pages); every event of the session carries it;
 * - `visitor`: a visitor's goals, custom-property values or keys; all their events carry each.
 */
export type BreakdownSource =
  | { kind: 'event'; column: EventColumn }
  | { kind: 'pageview' }
  | { kind: 'session'; column: SessionColumn; pick: 'first_event' | 'first_pageview' | 'last_pageview' }
  | { kind: 'visitor'; of: 'goal' }
  | { kind: 'visitor'; of: 'prop'; key: string }
  | { kind: 'visitor'; of: 'prop_key' };

export type EventColumn = 'country' | 'region' | 'city' | 'device_type' | 'browser' | 'os' | 'screen';
export type SessionColumn =
  | 'path'
  | 'referrer_domain'
  | 'channel'
  | 'utm_source'
  | 'utm_medium'
  | 'utm_campaign'
  | 'utm_term'
  | 'utm_content'
  | 'campaign_id';

export interface BreakdownPlan {
  source: BreakdownSource;
  /** Whether a row for events without a value (unknown country, device …) is listed. */
  listsUnknown: boolean;
  /** Whether the conversion rate is of all visitors in scope (goals) instead of the row's. */
  rateOfAll: boolean;
}

const event = (column: EventColumn): BreakdownPlan => ({
  source: { kind: 'event', column },
  listsUnknown: true,
  rateOfAll: false,
});
const session = (
  column: SessionColumn,
  pick: 'first_event' | 'first_pageview' | 'last_pageview' = 'first_event',
): BreakdownPlan => ({ source: { kind: 'session', column, pick }, listsUnknown: false, rateOfAll: false });

const PLANS: Record<Exclude<BreakdownDimension, `prop:${string}`>, BreakdownPlan> = {
  country: event('country'),
  region: event('region'),
  city: event('city'),
  device: event('device_type'),
  browser: event('browser'),
  os: event('os'),
  screen: event('screen'),
  entry_page: session('path', 'first_pageview'),
  exit_page: session('path', 'last_pageview'),
  page: { source: { kind: 'pageview' }, listsUnknown: false, rateOfAll: false },
  referrer: session('referrer_domain'),
  channel: session('channel'),
  utm_source: session('utm_source'),
  utm_medium: session('utm_medium'),
  utm_campaign: session('utm_campaign'),
  utm_term: session('utm_term'),
  utm_content: session('utm_content'),
  campaign: session('campaign_id'),
  goal: { source: { kind: 'visitor', of: 'goal' }, listsUnknown: false, rateOfAll: true },
  prop_key: { source: { kind: 'visitor', of: 'prop_key' }, listsUnknown: false, rateOfAll: false },
};

/** What a dimension counts and how (see BreakdownSource). */
export function breakdownPlan(dimension: BreakdownDimension): BreakdownPlan {
  if (dimension.startsWith('prop:')) {
    return {
      source: { kind: 'visitor', of: 'prop', key: dimension.slice('prop:'.length) },
      listsUnknown: false,
      rateOfAll: false,
    };
  }
  return PLANS[dimension as keyof typeof PLANS];
}

/** A row as storage counts it. */
export interface CountedBreakdownRow {
  value: string | null;
  visitors: number;
  pageviews: number;
  /** Visitors of the row who completed any goal (BreakdownRow.convertedVisitors). */
  conversions: number;
}

/**
 * Rows with their conversion rate: converting visitors over the row's visitors, or over all
 * visitors in scope for goals (a goal's own visitors all converted), one decimal.
 */
export function breakdownRows(
  plan: BreakdownPlan,
  counted: CountedBreakdownRow[],
  scopeVisitors: number,
  labels: ReadonlyMap<string, string> = new Map(),
): BreakdownRow[] {
  return counted.map((row) => {
    const label = row.value === null ? undefined : labels.get(row.value);
    return {
      value: row.value,
      ...(label === undefined ? {} : { label }),
      visitors: row.visitors,
      pageviews: row.pageviews,
      convertedVisitors: row.conversions,
      conversionRate: percentOf(row.conversions, plan.rateOfAll ? scopeVisitors : row.visitors),
    };
  });
}

/** A row's share of the visitors in scope, percent to one decimal. */
export const visitorShare = (visitors: number, scopeVisitors: number): number =>
  percentOf(visitors, scopeVisitors);
