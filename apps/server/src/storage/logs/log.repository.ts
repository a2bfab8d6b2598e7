import type { Selectable } from 'kysely';
import type { ClickTable, ConversionTable } from '../../db/schema/events.schema';

export interface LogFilter {
  websiteIds: string[];
  /** Rows at or after `from` and at or before `to` (inclusive: a date's last millisecond counts). */
  from: number;
  to: number;
  /** Campaign id, or 'none' for rows without a campaign. */
  campaign?: string | undefined;
  source?: string | undefined;
  medium?: string | undefined;
  goal?: string | undefined;
}

export interface LogPage {
  /** Rows at most; every caller pages (the logs 100 by default, exports chunk by chunk). */
  limit: number;
  offset?: number | undefined;
  /** Keyset paging for exports: rows strictly older than this (ts, id), newest first. */
  before?: { ts: number; id: string } | undefined;
}

/** A stored row with its campaign's name (null without a campaign, or for one deleted since). */
type Named<T> = Selectable<T> & { campaign_name: string | null };
export type LoggedClick = Named<ClickTable>;
export type LoggedConversion = Named<ConversionTable>;

export interface LogCampaign {
  id: string | null;
  name: string | null;
}

export interface ClickFacets {
  campaigns: LogCampaign[];
  sources: string[];
  mediums: string[];
}

export interface ConversionFacets {
  campaigns: LogCampaign[];
  goals: string[];
}

/** Where a conversion is in crediting (CREDIT_STATE) and what went wrong. */
export interface ConversionCredit {
  state: number;
  issue: string | null;
  currency: string;
}

/**
 * The Clicks and Conversions Logs: filtered, newest first, paged. Each backend's variant
 * (log.sql.ts, log.clickhouse.ts) behind this one type, both held to log.contract.ts.
 */
export interface LogRepository {
  clickPage(f: LogFilter, page: LogPage): Promise<LoggedClick[]>;
  clickCount(f: LogFilter): Promise<number>;
  conversionPage(f: LogFilter, page: LogPage): Promise<LoggedConversion[]>;
  conversionCount(f: LogFilter): Promise<number>;
  /** A conversion's crediting state, or undefined when the website has no such conversion. */
  conversionCredit(websiteId: string, id: string): Promise<ConversionCredit | undefined>;
  /** The campaigns, sources and mediums of the clicks under `f` without those three filters. */
  clickFacets(f: LogFilter): Promise<ClickFacets>;
  /** The campaigns and goals of the conversions under `f` without those two filters. */
  conversionFacets(f: LogFilter): Promise<ConversionFacets>;
}
