import { UTM_VALUE_MAX } from '@ocx/contracts';

/**
 * Spec §3: the ocxid is a 32-character hexadecimal SHA-256 digest of the campaign name and the time.
 * The caller supplies the hash (node:crypto on the server, SubtleCrypto in a browser).
 */
export function ocxidInput(name: string, timeMs: number): string {
  return `${name}:${timeMs}`;
}

export function ocxidFromDigest(sha256Hex: string): string {
  return sha256Hex.slice(0, 32).toLowerCase();
}

export const OCXID_PATTERN = /^[0-9a-f]{32}$/;

export interface LinkParts {
  landingPage: string;
  ocxid: string;
  utmParams: { source?: string; medium?: string; campaign?: string; term?: string; content?: string };
  trackingParams: Record<string, string>;
}

/**
 * The spec §4 campaign name → UTM campaign rule: lower case, spaces to hyphens; cut to the longest
 * UTM value, since a campaign name may be longer than a tag.
 */
export function utmCampaignFromName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-').slice(0, UTM_VALUE_MAX);
}

/**
 * The UTM tags a campaign is saved with: the empty ones left out, and an empty utm_campaign taken
 * from the name (spec §4), so the builder's preview shows what the saved campaign's link will be.
 */
export function utmWithCampaignDefault(utm: LinkParts['utmParams'], name: string): LinkParts['utmParams'] {
  const clean = Object.fromEntries(
    Object.entries(utm).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
  return { ...clean, campaign: clean.campaign ?? utmCampaignFromName(name) };
}

/**
 * The link to share: the landing page with ocxid first, then utm_source, utm_medium, utm_campaign
 * (utm_term, utm_content), then the custom parameters, then whatever query the page already had.
 */
export function trackedUrl({ landingPage, ocxid, utmParams, trackingParams }: LinkParts): string {
  const url = new URL(landingPage);
  const existing: [string, string][] = [];
  url.searchParams.forEach((value, key) => {
    existing.push([key, value]);
  });
  const ours: [string, string][] = [['ocxid', ocxid]];
  for (const key of ['source', 'medium', 'campaign', 'term', 'content'] as const) {
    const value = utmParams[key]?.trim();
    if (value) ours.push([`utm_${key}`, value]);
  }
  for (const [key, value] of Object.entries(trackingParams)) {
    if (key.trim() && value.trim() && key !== 'ocxid') ours.push([key.trim(), value.trim()]);
  }
  const taken = new Set(ours.map(([key]) => key));
  const query = [...ours, ...existing.filter(([key]) => !taken.has(key))]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  url.search = `?${query}`;
  return url.toString();
}
