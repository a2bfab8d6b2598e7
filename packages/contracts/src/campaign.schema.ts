import { z } from 'zod';
import {
  CAMPAIGN_TEXT_MAX,
  CUSTOM_PARAM_NAME_MAX,
  CUSTOM_PARAM_VALUE_MAX,
  CUSTOM_PARAMS_MAX,
  tooLong,
  UTM_VALUE_MAX,
} from './constants';
import { messages } from './messages';

const required = z
  .string({ error: messages.campaigns.required })
  .trim()
  .min(1, messages.campaigns.required)
  .max(CAMPAIGN_TEXT_MAX, tooLong(CAMPAIGN_TEXT_MAX));

const utmValue = z.string().max(UTM_VALUE_MAX, tooLong(UTM_VALUE_MAX)).optional();
export const UtmParams = z.object({
  source: utmValue,
  medium: utmValue,
  campaign: utmValue,
  term: utmValue,
  content: utmValue,
});
export type UtmParams = z.infer<typeof UtmParams>;

/** A card's figures (docs/definitions.md#campaign-network-source-and-landing-page-cards). */
export const CampaignMetrics = z.object({
  /** Visits that arrived through it (session entrances). */
  clicks: z.number(),
  /** Distinct visitors who arrived through it. */
  visitors: z.number(),
  /** Of those visitors, the ones who completed any goal. */
  convertedVisitors: z.number(),
  /** Conversions credited to it under the website's attribution model. */
  conversions: z.number(),
  /** convertedVisitors / visitors × 100, one decimal (docs/metrics.md#conversion-rate). */
  conversionRate: z.number(),
  /** Value credit in the one currency of its conversions (0 with none); null when they are mixed. */
  revenue: z.number().nullable(),
  /** Value credit per currency code, exact to each currency's minor unit; currencies with none left out. */
  revenueByCurrency: z.record(z.string(), z.number()),
});
export type CampaignMetrics = z.infer<typeof CampaignMetrics>;

export const Campaign = z.object({
  id: z.string(),
  websiteId: z.string(),
  name: z.string(),
  network: z.string(),
  source: z.string(),
  landingPage: z.string(),
  utmParams: UtmParams,
  /** Custom parameters; always holds the ocxid. */
  trackingParams: z.record(z.string(), z.string()),
  ocxid: z.string(),
  metrics: CampaignMetrics,
  /** All-time ad spend, and CPA and ROAS under the website's model (docs/definitions.md#ad-spend). */
  spend: z.object({
    cost: z.record(z.string(), z.number()),
    cpa: z.record(z.string(), z.number()),
    roas: z.number().nullable(),
  }),
  trackedUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

const landingPage = required.refine(
  (v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
  messages.campaigns.landingPage,
);
const trackingParams = z
  .record(
    z.string().max(CUSTOM_PARAM_NAME_MAX, tooLong(CUSTOM_PARAM_NAME_MAX)),
    z.string().max(CUSTOM_PARAM_VALUE_MAX, tooLong(CUSTOM_PARAM_VALUE_MAX)),
  )
  .refine(
    (p) => Object.keys(p).length <= CUSTOM_PARAMS_MAX,
    `At most ${CUSTOM_PARAMS_MAX} custom parameters`,
  );

export const NewCampaign = z.object({
  name: required,
  network: required,
  source: required,
  landingPage,
  utmParams: UtmParams.default({}),
  trackingParams: trackingParams.default({}),
  /** One the builder showed before saving (from POST …/campaigns/ocxid); generated when absent. */
  ocxid: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'The campaign ID must be 32 hexadecimal characters')
    .optional(),
});
export type NewCampaign = z.infer<typeof NewCampaign>;

export const CampaignPatch = z.object({
  name: required.optional(),
  network: required.optional(),
  source: required.optional(),
  landingPage: landingPage.optional(),
  utmParams: UtmParams.optional(),
  trackingParams: trackingParams.optional(),
});
export type CampaignPatch = z.infer<typeof CampaignPatch>;

export const CampaignParams = z.object({
  id: z.string().min(1).max(64),
  campaignId: z.string().min(1).max(64),
});

export const OcxidRequest = z.object({ name: required });
