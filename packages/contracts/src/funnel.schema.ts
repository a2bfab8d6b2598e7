import { z } from 'zod';
import { funnelPeriods } from './constants';

export const FunnelPeriod = z.enum(funnelPeriods, { error: 'timeRange must be today, week, month or all' });
export type FunnelPeriod = z.infer<typeof FunnelPeriod>;

/** A step matches a pageview whose URL path contains `path`, or a click on the CSS `selector`. */
export const FunnelStepConditions = z.object({
  path: z.string().max(2048).optional(),
  selector: z.string().max(512).optional(),
});
export type FunnelStepConditions = z.infer<typeof FunnelStepConditions>;

/** Spec §3 Funnel step. */
export interface FunnelStep {
  id: string;
  name: string;
  order: number;
  conditions: FunnelStepConditions;
}

/** Spec §3 Funnel, with the spec's field names (website_id, created_at, updated_at). */
export interface Funnel {
  id: string;
  name: string;
  description: string;
  website_id: string;
  steps: FunnelStep[];
  created_at: string;
  updated_at: string;
}

/** A step as the editor sends it; the order is its place in the list (renumbered on save). */
export const FunnelStepInput = z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(200).optional(),
  order: z.number().int().optional(),
  conditions: FunnelStepConditions.default({}),
});
export type FunnelStepInput = z.infer<typeof FunnelStepInput>;

const steps = z.array(FunnelStepInput, { error: 'A funnel needs at least 1 step' });
const name = z.string().max(200).optional();
const description = z.string().max(2000).optional();

/** PUT /api/funnels/{id}: name, description, steps (spec §7). */
export const FunnelUpdate = z.object({ name, description, steps });
export type FunnelUpdate = z.infer<typeof FunnelUpdate>;

/** POST /api/funnels: website_id (spec §7; websiteId is accepted too), name, description, steps. */
export const NewFunnel = FunnelUpdate.extend({
  website_id: z.string().max(64).optional(),
  websiteId: z.string().max(64).optional(),
});
export type NewFunnel = z.infer<typeof NewFunnel>;

/** GET /api/funnels?website_id= (websiteId is accepted too). */
export const FunnelListQuery = z.object({
  website_id: z.string().max(64).optional(),
  websiteId: z.string().max(64).optional(),
});
export type FunnelListQuery = z.infer<typeof FunnelListQuery>;

export const FunnelParams = z.object({ id: z.string().min(1).max(64) });

export const FunnelAnalyticsQuery = z.object({ timeRange: FunnelPeriod.default('week') });

export const FunnelCompareQuery = z.object({
  funnelId: z.string({ error: 'funnelId is required' }).min(1, 'funnelId is required').max(64),
  currentPeriod: FunnelPeriod.default('week'),
  previousPeriod: FunnelPeriod.default('month'),
});

/** One step's figures; `dropOff` = 1 − visitors / previous step's visitors (null for step 1 or after 0). */
export interface FunnelStepConversion {
  stepId: string;
  stepName: string;
  visitors: number;
  /** visitors / totalEntries (0..1). */
  conversionRate: number;
  dropOff: number | null;
}

/** Spec §3 Funnel analytics (docs/definitions.md#funnels), plus the window it covers. */
export interface FunnelAnalytics {
  funnelId: string;
  timeRange: FunnelPeriod;
  /** ISO bounds of the window: [periodStart, periodEnd); periodStart null for all time. */
  periodStart: string | null;
  periodEnd: string;
  totalEntries: number;
  /** last step / first step (0..1); 0 without entries. */
  completionRate: number;
  /** Mean seconds from step 1 to the last step over the visitors who completed; null when none did. */
  averageTimeToConversion: number | null;
  stepConversions: FunnelStepConversion[];
}

export interface FunnelStepChange {
  stepId: string;
  stepName: string;
  visitorsChange: number | null;
  conversionRateChange: number | null;
}

/** Changes are fractions, (current − previous) / previous; null when the previous value is 0. */
export interface FunnelComparison {
  current: FunnelAnalytics;
  previous: FunnelAnalytics;
  comparison: {
    totalEntriesChange: number | null;
    completionRateChange: number | null;
    timeToConversionChange: number | null;
    stepChanges: FunnelStepChange[];
  };
}
