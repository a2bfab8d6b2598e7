import {
  type Amounts,
  addMinor,
  type MinorAmounts,
  majorAmounts,
  singleAmount,
} from '../attribution/amounts';
import { utmMediumForSource, utmSourceForNetwork } from '../campaigns/utm-presets';
import { conversionRate } from '../dashboard/dashboard-figures';
import { clickLandingKey } from './workspace-rules';

/** Clicks (session entrances) or their credit, grouped by what decides which cards they count for. */
export interface TouchpointGroup {
  campaignId: string | null;
  clickIdType: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  landingPage: string;
  /** Clicks in a click group; credited conversions in a credit group. */
  count: number;
  /** Credited value in the currency's minor units (credit groups only). */
  valueMinor: number;
  /** The credited conversions' currency (credit groups only). */
  currency: string | null;
}

export interface CardMetrics {
  clicks: number;
  conversions: number;
  /** conversions / clicks × 100, one decimal (spec §9). */
  conversionRate: number;
  /** Value credit in the one currency of its conversions (0 with none); null when they are mixed. */
  revenue: number | null;
  /** Value credit per currency, exact to the minor unit. */
  revenueByCurrency: Amounts;
}

export interface CampaignRef {
  id: string;
  network: string;
  source: string;
}

const same = (a: string | null | undefined, b: string) =>
  !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A network's touchpoints: those of its campaigns, and campaign-less ones carrying one of its
 * click-id parameters, or as utm_source its name or the value the builder tags its links with
 * ("Google Ads" → google, utm-presets.ts).
 */
export function networkMatcher(name: string, params: string[], campaigns: CampaignRef[]) {
  const ids = new Set(campaigns.filter((c) => same(c.network, name)).map((c) => c.id));
  const types = new Set(params.map((p) => p.toLowerCase()));
  const tag = utmSourceForNetwork(name);
  return (g: TouchpointGroup) =>
    g.campaignId
      ? ids.has(g.campaignId)
      : (g.clickIdType !== null && types.has(g.clickIdType)) ||
        same(g.utmSource, name) ||
        same(g.utmSource, tag);
}

/**
 * A source's touchpoints: those of its campaigns, and campaign-less ones with, as utm_medium, its
 * name or the value the builder tags its links with (Search → cpc, utm-presets.ts).
 */
export function sourceMatcher(name: string, campaigns: CampaignRef[]) {
  const ids = new Set(campaigns.filter((c) => same(c.source, name)).map((c) => c.id));
  const tag = utmMediumForSource(name);
  return (g: TouchpointGroup) =>
    g.campaignId ? ids.has(g.campaignId) : same(g.utmMedium, name) || same(g.utmMedium, tag);
}

/** A landing page's touchpoints: entrances on that page (any query, www or not, trailing slash or not). */
export function landingPageMatcher(key: string) {
  return (g: TouchpointGroup) => clickLandingKey(g.landingPage) === key;
}

export function sumMetrics(
  clicks: TouchpointGroup[],
  credits: TouchpointGroup[],
  matches: (g: TouchpointGroup) => boolean,
): CardMetrics {
  let clickCount = 0;
  let conversions = 0;
  const byCurrency: MinorAmounts = {};
  for (const g of clicks) if (matches(g)) clickCount += g.count;
  for (const g of credits) {
    if (!matches(g)) continue;
    conversions += g.count;
    addMinor(byCurrency, g.currency ?? 'USD', g.valueMinor);
  }
  const revenueByCurrency = majorAmounts(byCurrency);
  return {
    clicks: clickCount,
    conversions: round(conversions, 2),
    conversionRate: conversionRate(conversions, clickCount),
    revenue: singleAmount(revenueByCurrency),
    revenueByCurrency,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
