import {
  EMAIL_TAG,
  isKnownSite,
  type KnownSites,
  MAIL_APPS,
  ORGANIC_MEDIUM,
  PAID_MEDIUM,
  SAYS_EMAIL,
  SEARCH_APPS,
  SEARCH_SITES,
  SOCIAL_APPS,
  SOCIAL_MEDIUM,
  SOCIAL_SITES,
  SOCIAL_SOURCE_ALIASES,
  WEBMAIL_SITES,
} from './channel-sources';
import type { ExternalReferrer } from './domains';

/** docs/definitions.md#channels traffic channels. */
export const channels = ['paid', 'email', 'social', 'organic', 'referral', 'direct'] as const;
export type Channel = (typeof channels)[number];

/** What a campaign built in OCX says about itself: its UTM medium and source and its network. */
export interface CampaignTags {
  utmSource: string | null;
  utmMedium: string | null;
  network: string | null;
}

/** What a session entrance carries that decides its channel. */
export interface ChannelInput {
  /** The campaign the landing URL's ocxid names, when it is one of the website's. */
  campaign: CampaignTags | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The referrer when it is an app or outside the website's own domains, else null. */
  referrer: ExternalReferrer | null;
  /** Any click-id parameter with a value, whether or not it passes its format check. */
  hasClickId: boolean;
}

/**
 * The channel of an entrance through a campaign link: email when the campaign's medium, source or
 * network says email or newsletter, else paid (campaigns built in OCX are bought or owned placements).
 */
export function campaignChannel(campaign: CampaignTags): 'email' | 'paid' {
  const tags = [campaign.utmMedium, campaign.utmSource, campaign.network];
  return tags.some((tag) => tag && SAYS_EMAIL.test(tag)) ? 'email' : 'paid';
}

const matches = (pattern: RegExp, value: string | null) => value !== null && pattern.test(value);

/** utm_source names a social network: 'facebook', 'IG', 'l.facebook.com', 't.co'. */
function isSocialSource(source: string | null): boolean {
  const name = source?.trim().toLowerCase();
  if (!name) return false;
  return (
    SOCIAL_SOURCE_ALIASES.includes(name) ||
    SOCIAL_SITES.brands.includes(name) ||
    isKnownSite(name, SOCIAL_SITES)
  );
}

const referredBy = (referrer: ExternalReferrer | null, apps: readonly string[], sites: KnownSites) =>
  referrer !== null && (referrer.app ? apps.includes(referrer.domain) : isKnownSite(referrer.domain, sites));

/** docs/definitions.md#channels: a campaign entrance by its campaign, any other by the first rule that matches. */
export function classifyChannel(input: ChannelInput): Channel {
  const { campaign, utmSource, utmMedium, utmCampaign, referrer, hasClickId } = input;
  if (campaign) return campaignChannel(campaign);
  if (hasClickId || matches(PAID_MEDIUM, utmMedium)) return 'paid';
  if (
    matches(EMAIL_TAG, utmMedium) ||
    matches(EMAIL_TAG, utmSource) ||
    referredBy(referrer, MAIL_APPS, WEBMAIL_SITES)
  )
    return 'email';
  if (
    isSocialSource(utmSource) ||
    matches(SOCIAL_MEDIUM, utmMedium) ||
    referredBy(referrer, SOCIAL_APPS, SOCIAL_SITES)
  )
    return 'social';
  if (matches(ORGANIC_MEDIUM, utmMedium) || referredBy(referrer, SEARCH_APPS, SEARCH_SITES)) return 'organic';
  // Tags name a source even without a referrer, so the entrance is not direct.
  if (referrer || utmSource || utmMedium || utmCampaign) return 'referral';
  return 'direct';
}
