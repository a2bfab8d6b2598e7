import { z } from 'zod';
import { Attribution, AttributionInput } from './attribution.schema';
import { Goal } from './goal.schema';
import { messages } from './messages';
import { Privacy, PrivacyInput } from './privacy.schema';

export const ScriptConfig = z.object({
  cookieDomain: z.string(),
  defaultCampaignId: z.string(),
  regviewonce: z.boolean(),
  crossDomainTracking: z.boolean(),
  crossDomains: z.array(z.string().max(253)).max(50),
  crossDeviceTracking: z.boolean(),
  ipAnonymization: z.boolean(),
  /** The tracker loads from track.{rootDomain} once the CNAME of First-Party Tracking Setup exists. */
  firstPartyTracking: z.boolean(),
  /** Built by the server from the settings above; read-only. */
  trackingScript: z.string(),
});
export type ScriptConfig = z.infer<typeof ScriptConfig>;

/** What a client may set; cookieDomain and trackingScript are derived from the root domain. */
export const ScriptConfigInput = ScriptConfig.omit({ cookieDomain: true, trackingScript: true }).partial();
export type ScriptConfigInput = z.infer<typeof ScriptConfigInput>;

export const Website = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  rootDomain: z.string(),
  attribution: Attribution,
  scriptConfig: ScriptConfig,
  goals: z.array(Goal),
  postbackUrl: z.string().nullable(),
  /** IANA name: every day, hour and plain date of the website's reports is in this zone (docs/definitions.md#time-zone). */
  timezone: z.string(),
  privacy: Privacy,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Website = z.infer<typeof Website>;

const name = z
  .string({ error: messages.config.nameRequired })
  .max(100, 'Website name is at most 100 characters');
const brand = z.string().max(100, 'Brand is at most 100 characters');
const rootDomain = z.string({ error: messages.config.invalidDomain }).max(253, messages.config.invalidDomain);
const postbackUrl = z.string().max(2048, messages.config.postbackUrl).nullable();
/** Checked against the time-zone database by the server (an unknown name is a 400). */
const timezone = z.string().max(64, 'Time zone is at most 64 characters');

export const WebsitePatch = z.object({
  name: name.optional(),
  brand: brand.optional(),
  rootDomain: rootDomain.optional(),
  attribution: AttributionInput.optional(),
  scriptConfig: ScriptConfigInput.optional(),
  postbackUrl: postbackUrl.optional(),
  timezone: timezone.optional(),
  privacy: PrivacyInput.optional(),
});
export type WebsitePatch = z.infer<typeof WebsitePatch>;

export const NewWebsite = WebsitePatch.extend({ name, rootDomain: rootDomain.default('') });
export type NewWebsite = z.infer<typeof NewWebsite>;

export const WebsiteParams = z.object({ id: z.string().min(1).max(64) });
export const GoalParams = WebsiteParams.extend({ goalId: z.string().min(1).max(64) });
