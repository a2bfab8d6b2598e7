import { z } from 'zod';
import type { AttributionModel } from './attribution.schema';

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
const plainDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'Dates are YYYY-MM-DD');
const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'The currency is a three-letter code like USD or EUR')
  .transform((c) => c.toUpperCase());
const amount = z
  .number({ error: 'The amount must be a number' })
  .finite()
  .min(0, 'The amount cannot be negative')
  .max(1e12, 'The amount is too large');

/** Manual entry on a campaign: an amount spread evenly over a range of days (both included). */
export const ManualCost = z.object({
  startDate: plainDate,
  endDate: plainDate,
  amount,
  currency,
});
export type ManualCost = z.infer<typeof ManualCost>;

/** A CSV report to preview or import; `currency` when the file names none. */
export const CostImport = z.object({
  csv: z.string().min(1, 'The file is empty').max(5_000_000, 'The file is larger than 5 MB'),
  currency: currency.optional(),
});
export type CostImport = z.infer<typeof CostImport>;

/** POST /api/v1/costs with a website API key. */
export const ApiCosts = z.object({
  costs: z
    .array(
      z.object({
        /** The campaign's id, ocxid, utm_campaign or name. */
        campaign: z.string().trim().min(1, 'campaign is required').max(300),
        date: plainDate,
        amount,
        currency,
      }),
    )
    .min(1, 'costs must hold at least one day')
    .max(10_000, 'At most 10,000 days per request'),
});
export type ApiCosts = z.infer<typeof ApiCosts>;

export type CostRowStatus = 'matched' | 'unmatched' | 'duplicate';

export interface CostPreviewRow {
  line: number;
  day: string;
  /** The campaign as the report names it. */
  campaign: string;
  amount: number;
  currency: string;
  status: CostRowStatus;
  campaignId: string | null;
  campaignName: string | null;
  /** Matched rows: the day already has spend, which the import replaces. */
  replaces: boolean;
  /** Duplicates: the line of the earlier row for the same campaign and day. */
  duplicateOf: number | null;
}

export interface CostPreview {
  layout: 'google_ads' | 'meta_ads' | 'microsoft_ads';
  rows: CostPreviewRow[];
  matched: number;
  unmatched: number;
  duplicate: number;
}

export interface CostImportResult {
  /** Days stored (new or replacing). */
  saved: number;
  /** Of those, days that replaced earlier spend. */
  replaced: number;
  unmatched: number;
  duplicate: number;
}

export interface CampaignCostDay {
  day: string;
  amount: number;
  currency: string;
  origin: 'manual' | 'csv' | 'api';
}

/** Spend beside what it bought: per currency, never converted (docs/definitions.md#money). */
export interface SpendFigures {
  cost: Record<string, number>;
  /** Cost ÷ conversions per cost currency; empty with no conversions. */
  cpa: Record<string, number>;
  /** Value ÷ cost; null with no cost or when cost and value currencies differ. */
  roas: number | null;
}

export interface SpendModelFigures extends SpendFigures {
  conversions: number;
  value: Record<string, number>;
}

/** A campaign, network or network + source with its spend, and each model's credit, CPA and ROAS. */
export interface SpendRow {
  key: string;
  label: string;
  campaignId: string | null;
  network: string;
  source: string | null;
  cost: Record<string, number>;
  models: Record<AttributionModel, SpendModelFigures>;
}

export interface SpendReport {
  campaigns: SpendRow[];
  networks: SpendRow[];
  sources: SpendRow[];
}
