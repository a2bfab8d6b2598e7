import { z } from 'zod';
import type { AttributionModel } from './attribution.schema';
import type { SpendReport } from './cost.schema';

/** Spec §3 Click, as GET /api/clicks returns it (snake_case per the spec), plus the campaign's name. */
export interface Click {
  id: string;
  website_id: string;
  campaign_id: string | null;
  campaign_name: string | null;
  source: string | null;
  medium: string | null;
  landing_page: string;
  referrer: string | null;
  ip_address: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** ISO time of the session entrance. */
  created_at: string;
  /** The ad platform click id (gclid, fbclid, …) when the landing URL carried one. */
  click_id: string | null;
  click_id_type: string | null;
  channel: string;
  visitor_id: string;
}

/** Spec §3 Conversion, as GET /api/conversions returns it, plus campaign name and origin. */
export interface Conversion {
  id: string;
  website_id: string;
  campaign_id: string | null;
  campaign_name: string | null;
  goal_id: string | null;
  goal_name: string;
  /** The click (session entrance) the conversion happened in. */
  click_id: string | null;
  value: number | null;
  currency: string;
  created_at: string;
  visitor_id: string | null;
  conversion_type: 'revenue' | 'lead' | 'standard';
  source: 'tracker' | 'api';
  /** Where its attribution is: credits being computed, credited, or not creditable (see credit_issue). */
  credit_status: 'pending' | 'credited' | 'failed';
  /** Why crediting failed, or what it had to leave out; null when neither. */
  credit_issue: string | null;
}

/**
 * A row of GET /api/conversions: the conversion, and when it is the later of two valued conversions
 * of one visit that overlap (docs/definitions.md#valued-goals-that-overlap), the goal of the earlier.
 */
export interface ConversionLogRow extends Conversion {
  overlaps_with: string | null;
}

/** An ISO instant or a bare date (YYYY-MM-DD). */
const isoDate = z
  .string()
  .max(40)
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO date');

/** Rows of one page of GET /api/clicks and /api/conversions without `limit` (spec §9), and at most. */
export const DEFAULT_LOG_LIMIT = 100;
export const MAX_LOG_LIMIT = 1000;
/** The longest date range the log pages, totals and filter values read; exports stream any range. */
export const MAX_LOG_RANGE_DAYS = 366;

/**
 * Query of GET /api/clicks, /api/conversions and their exports. Dates default to the last 30 days;
 * `limit` (default 100, at most 1000) / `offset` page through a range of up to 366 days
 * (X-Total-Count has the total); the filters are exact.
 */
export const LogQuery = z.object({
  websiteId: z.string({ error: 'websiteId is required' }).min(1, 'websiteId is required').max(64),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(MAX_LOG_LIMIT, `limit must be at most ${MAX_LOG_LIMIT}`)
    .optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  /** Campaign id; 'none' matches clicks without a campaign. */
  campaign: z.string().max(64).optional(),
  source: z.string().max(300).optional(),
  medium: z.string().max(300).optional(),
  goal: z.string().max(300).optional(),
});
export type LogQuery = z.infer<typeof LogQuery>;

/** Distinct values in the date range, for the log screens' filter selects. */
export interface LogFacets {
  campaigns: { id: string | null; name: string | null }[];
  sources: string[];
  mediums: string[];
  goals: string[];
}

/** One touchpoint of a conversion's path, with its credit under every model. */
export interface PathTouchpoint {
  clickId: string;
  ts: string;
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  source: string | null;
  landingPage: string;
  /** Share of the conversion under each model (0..1). */
  credits: Record<AttributionModel, number>;
  /** Share of the conversion's value under each model, in its currency, exact to the minor unit. */
  values: Record<AttributionModel, number>;
}

export interface ConversionPath {
  conversionId: string;
  /** True for a moment after the conversion is stored, until its credits are computed. */
  pending: boolean;
  /** Empty when nothing led to it: then `creditedTo` has all the credit. */
  touchpoints: PathTouchpoint[];
  /** Without touchpoints: Direct, or the campaign a server-to-server conversion named by its ocxid. */
  creditedTo: { campaignId: string | null; campaignName: string | null; channel: string } | null;
  /** Crediting failed (the reason is `issue`): no touchpoint has credit. */
  failed: boolean;
  /** Why crediting failed, or what it had to leave out (too many linked visitors); null if neither. */
  issue: string | null;
}

export const attributionReportDimensions = ['campaign', 'channel'] as const;

/** docs/decisions.md#fixed-interfaces attribution report row: sums of credit (fractional conversions) and value credit. */
export interface AttributionRow {
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  /** Conversion credit under the model: fractions of conversions, not a count of stored ones. */
  conversions: number;
  /** Value credit when the row has one currency (or none: 0); null when currencies are mixed. */
  value: number | null;
  /** Value credit per currency code, exact to each currency's minor unit; currencies with none left out. */
  valueByCurrency: Record<string, number>;
}

export interface AttributionReport {
  models: Record<AttributionModel, AttributionRow[]>;
  /** Visits in the period and those without consent (hash visitors: their paths end with the day). */
  consent: ConsentShare;
  /** Ad spend in the range beside each model's credit: cost, CPA and ROAS per campaign, network, source. */
  spend: SpendReport;
}

/**
 * Visits (session entrances) and those without consent: by a daily-hash visitor, counted but never
 * linked across days; `percent` = withoutConsent / visits × 100, one decimal (0 without visits).
 */
export interface ConsentShare {
  /** Visits (session entrances). */
  visits: number;
  /** Of those visits, the ones by daily-hash visitors. */
  withoutConsent: number;
  /** withoutConsent / visits × 100, one decimal. */
  percent: number;
}

/** Progress of a recompute after the attribution settings changed. */
export interface AttributionStatus {
  /** Settings version the figures show. */
  activeVersion: number;
  /** Version being computed; equal to activeVersion when nothing runs. */
  targetVersion: number;
  running: boolean;
  done: number;
  total: number;
}
