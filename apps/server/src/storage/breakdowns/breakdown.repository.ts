import type { BreakdownSource, CountedBreakdownRow, RolledBreakdown, SessionBreakdown } from '@ocx/core';
import type { EventScope } from '../sql/event-filters';

/** An unfiltered breakdown read from the rollups (migration 0027). */
export interface RolledScope {
  websiteId: string;
  from: number;
  /** Where the rollups' whole local days start (core edgeEnd): [from, wholeDays) is read from the events. */
  wholeDays: number;
}

/** The rows asked for: `limit` rows after the first `offset`. */
export interface BreakdownWindow {
  limit: number;
  offset: number;
}

export interface BreakdownPage {
  rows: CountedBreakdownRow[];
  total: number;
}

/** A value of the visitor (goals, custom properties' values or keys). */
export type VisitorSource = BreakdownSource & { kind: 'visitor' };
/** A value of the session (entry and exit pages, sources). */
export type SessionSource = BreakdownSource & { kind: 'session' };

/**
 * Breakdowns (issue 27): visitors, pageviews and converting visitors per value of a dimension. Each
 * backend's variant (breakdown.sql.ts, breakdown.clickhouse.ts) behind this one type, both held to
 * breakdown.contract.ts. The unfiltered readers give exactly the rows rows() gives for no filters.
 */
export interface BreakdownRepository {
  /** One page of rows, most visitors first (then pageviews, then value), and how many rows there are. */
  rows(
    q: EventScope,
    source: BreakdownSource,
    listsUnknown: boolean,
    page: BreakdownWindow,
  ): Promise<BreakdownPage>;
  /** The rows of a rolled-up dimension without filters. */
  rolledRows(
    q: RolledScope,
    dimension: RolledBreakdown,
    listsUnknown: boolean,
    page: BreakdownWindow,
  ): Promise<BreakdownPage>;
  /** The rows of a visitor value (goals, custom properties) without filters. */
  visitorValueRows(
    q: { websiteId: string; from: number },
    source: VisitorSource,
    page: BreakdownWindow,
  ): Promise<BreakdownPage>;
  /** The rows of a session value (entry page, sources) without filters. */
  sessionRows(
    q: { websiteId: string; from: number },
    dimension: SessionBreakdown,
    source: SessionSource,
    page: BreakdownWindow,
  ): Promise<BreakdownPage>;
  /** Distinct visitors since `from` without filters: rolledRows' scope visitors. */
  rolledVisitors(websiteId: string, from: number): Promise<number>;
  /** Distinct visitors in scope: what shares and goal conversion rates are of. */
  visitors(q: EventScope): Promise<number>;
  /** Names of the website's campaigns among `ids`. */
  campaignNames(websiteId: string, ids: string[]): Promise<Map<string, string>>;
}
