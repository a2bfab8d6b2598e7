import { utmCampaignFromName } from './campaign-links';

/** What a campaign's UTM tags follow until someone types their own value. */
export interface UtmBasis {
  name: string;
  network: string;
  source: string;
}

/** The UTM tags that follow a field of the campaign, and which field each one follows. */
export const UTM_FOLLOWS = { source: 'network', medium: 'source', campaign: 'name' } as const;
export type FollowingUtmKey = keyof typeof UTM_FOLLOWS;

/** Networks whose links say another platform's name (Microsoft Advertising serves Bing). */
const PLATFORM_ALIASES: Record<string, string> = { microsoft: 'bing', meta: 'facebook' };

/** Source names with a customary utm_medium, as the default templates write them. */
const MEDIUM_OF_SOURCE: Record<string, string> = {
  search: 'cpc',
  shopping: 'shopping',
  social: 'paid_social',
  display: 'display',
  video: 'video',
  email: 'email',
  newsletter: 'email',
  affiliate: 'affiliate',
};

const token = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * The utm_source of a network: the platform's own name in lower case, without "Ads" ("Google Ads" →
 * google, "Microsoft Advertising" → bing), as the default templates and the ad platforms' own
 * auto-tagging write it (docs/definitions.md#the-campaign-link).
 */
export function utmSourceForNetwork(network: string): string {
  const words = token(network)
    .split('_')
    .filter((w) => w !== '');
  const kept = words.length > 1 ? words.filter((w) => w !== 'ads' && w !== 'advertising') : words;
  const source = kept.join('_');
  return PLATFORM_ALIASES[source] ?? source;
}

/** The utm_medium of a traffic source: cpc for Search, paid_social for Social …, else its name in lower case. */
export function utmMediumForSource(source: string): string {
  const key = token(source);
  return MEDIUM_OF_SOURCE[key] ?? key;
}

/** The value each following UTM tag takes from the campaign's name, network and source. */
export function followedUtm(basis: UtmBasis): Record<FollowingUtmKey, string> {
  return {
    source: basis.network.trim() ? utmSourceForNetwork(basis.network) : '',
    medium: basis.source.trim() ? utmMediumForSource(basis.source) : '',
    campaign: utmCampaignFromName(basis.name),
  };
}
