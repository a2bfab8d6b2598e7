import { z } from 'zod';
import { CampaignMetrics, UtmParams } from './campaign.schema';
import {
  CUSTOM_PARAM_NAME_MAX,
  CUSTOM_PARAM_VALUE_MAX,
  CUSTOM_PARAMS_MAX,
  DESCRIPTION_MAX,
  LANDING_INPUT_MAX,
  NAME_MAX,
  templateCategories,
  tooLong,
} from './constants';
import { messages } from './messages';

/** Networks, traffic sources, landing pages and campaign templates of a website (spec §2, §3). */

export const TrackingParam = z.object({
  name: z.string(),
  description: z.string(),
  required: z.boolean(),
  /** A regular expression's source; null where the format is not stated. */
  pattern: z.string().nullable(),
  example: z.string(),
});
export type TrackingParam = z.infer<typeof TrackingParam>;

export const AdPlatformEntry = z.object({
  id: z.string(),
  name: z.string(),
  trackingParams: z.array(TrackingParam),
});
export type AdPlatformEntry = z.infer<typeof AdPlatformEntry>;

export const Network = z.object({
  id: z.string(),
  websiteId: z.string(),
  /** Lower-cased name with hyphens for spaces (spec §3). */
  slug: z.string(),
  name: z.string(),
  trackingParams: z.array(TrackingParam),
  /** Source names. */
  sources: z.array(z.string()),
  metrics: CampaignMetrics,
  createdAt: z.string(),
});
export type Network = z.infer<typeof Network>;

const text = (max: number) => z.string().trim().max(max, tooLong(max));

export const NewNetwork = z.object({
  name: z
    .string({ error: messages.networks.nameRequired })
    .trim()
    .min(1, messages.networks.nameRequired)
    .max(NAME_MAX, tooLong(NAME_MAX)),
  trackingParams: z
    .array(text(100).min(1, messages.networks.paramRequired))
    .max(20, 'At most 20 tracking parameters')
    .default([]),
  sources: z.array(text(100)).max(50).default([]),
});
export type NewNetwork = z.infer<typeof NewNetwork>;

export const TrafficSource = z.object({
  id: z.string(),
  websiteId: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  metrics: CampaignMetrics,
  createdAt: z.string(),
});
export type TrafficSource = z.infer<typeof TrafficSource>;

export const NewTrafficSource = z.object({
  name: z
    .string({ error: messages.sources.required })
    .trim()
    .min(1, messages.sources.required)
    .max(NAME_MAX, tooLong(NAME_MAX)),
  description: text(DESCRIPTION_MAX).default(''),
});
export type NewTrafficSource = z.infer<typeof NewTrafficSource>;

export const LandingPage = z.object({
  id: z.string(),
  websiteId: z.string(),
  name: z.string(),
  path: z.string(),
  /** {rootDomain}/{path}, or the bare domain when the path is empty (spec §3). */
  url: z.string(),
  /** The page as a link: https:// plus the url. */
  href: z.string(),
  description: z.string(),
  metrics: CampaignMetrics,
  createdAt: z.string(),
});
export type LandingPage = z.infer<typeof LandingPage>;

export const NewLandingPage = z.object({
  name: z
    .string({ error: messages.landingPages.nameRequired })
    .trim()
    .min(1, messages.landingPages.nameRequired)
    .max(NAME_MAX, tooLong(NAME_MAX)),
  /**
   * The path (`products/pour-over-kit`) or the page's whole address on the root domain; the server
   * turns it into the path and checks it (landingPathOf, LANDING_PATH_PATTERN), since only it knows the domain.
   */
  path: text(LANDING_INPUT_MAX).default(''),
  description: text(DESCRIPTION_MAX).default(''),
});
export type NewLandingPage = z.infer<typeof NewLandingPage>;

export const LandingPageStats = z.object({
  landingPage: LandingPage,
  attributionModel: z.string(),
  /** Its card's figures: clicks (visits that arrived), visitors, converted visitors, credited conversions. */
  visits: z.number(),
  visitors: z.number(),
  convertedVisitors: z.number(),
  conversions: z.number(),
  /** convertedVisitors / visitors × 100, one decimal, as on its card. */
  conversionRate: z.number(),
  /** One entry per UTC day with visits, oldest first. */
  days: z.array(
    z.object({
      date: z.string(),
      visits: z.number(),
      conversions: z.number(),
      channels: z.record(z.string(), z.number()),
      campaigns: z.record(z.string(), z.number()),
    }),
  ),
  channels: z.array(z.object({ channel: z.string(), visits: z.number() })),
  campaigns: z.array(
    z.object({
      campaignId: z.string().nullable(),
      name: z.string(),
      visits: z.number(),
      conversions: z.number(),
    }),
  ),
});
export type LandingPageStats = z.infer<typeof LandingPageStats>;

export const TemplateCategory = z.enum(templateCategories);
export type TemplateCategory = z.infer<typeof TemplateCategory>;

export const CampaignTemplate = z.object({
  id: z.string(),
  websiteId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  network: z.string(),
  source: z.string(),
  category: TemplateCategory,
  isDefault: z.boolean(),
  utmParameters: UtmParams,
  customParameters: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type CampaignTemplate = z.infer<typeof CampaignTemplate>;

const templateName = z
  .string({ error: messages.templates.nameRequired })
  .trim()
  .min(1, messages.templates.nameRequired)
  .max(NAME_MAX, tooLong(NAME_MAX));
const customParameters = z
  .record(
    z.string().max(CUSTOM_PARAM_NAME_MAX, tooLong(CUSTOM_PARAM_NAME_MAX)),
    z.string().max(CUSTOM_PARAM_VALUE_MAX, tooLong(CUSTOM_PARAM_VALUE_MAX)),
  )
  .refine(
    (p) => Object.keys(p).length <= CUSTOM_PARAMS_MAX,
    `At most ${CUSTOM_PARAMS_MAX} custom parameters`,
  );

export const NewCampaignTemplate = z.object({
  name: templateName,
  description: text(DESCRIPTION_MAX).default(''),
  network: text(NAME_MAX).default(''),
  source: text(NAME_MAX).default(''),
  category: TemplateCategory.default('platform'),
  utmParameters: UtmParams.default({}),
  customParameters: customParameters.default({}),
});
export type NewCampaignTemplate = z.infer<typeof NewCampaignTemplate>;

export const CampaignTemplatePatch = z.object({
  name: templateName.optional(),
  description: text(DESCRIPTION_MAX).optional(),
  network: text(NAME_MAX).optional(),
  source: text(NAME_MAX).optional(),
  category: TemplateCategory.optional(),
  utmParameters: UtmParams.optional(),
  customParameters: customParameters.optional(),
});
export type CampaignTemplatePatch = z.infer<typeof CampaignTemplatePatch>;

export const TemplateQuery = z.object({
  category: TemplateCategory.optional(),
  network: z.string().max(100).optional(),
});

const id = z.string().min(1).max(64);
export const NetworkParams = z.object({ id, networkId: id });
export const SourceParams = z.object({ id, sourceId: id });
export const LandingPageParams = z.object({ id, landingPageId: id });
export const TemplateParams = z.object({ id, templateId: id });
