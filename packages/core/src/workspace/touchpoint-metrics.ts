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

/** What decides which cards a click, its credit or its visitor count for. */
export interface TouchpointKeys {
  campaignId: string | null;
  clickIdType: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  landingPage: string;
}

/** Clicks (session entrances) or their credit, grouped by what decides which cards they count for. */
export interface TouchpointGroup extends TouchpointKeys {
  /** Clicks in a click group; credited conversions in a credit group. */
  count: number;
  /** Credited value in the currency's minor units (credit groups only). */
  valueMinor: number;
  /** The credited conversions' currency (credit groups only). */
  currency: string | null;
}

/**
 * One visitor's clicks with the same keys: who arrived through what. `converted`: the visitor
 * completed any goal (docs/definitions.md#campaign-network-source-and-landing-page-cards).
 */
export interface VisitorGroup extends TouchpointKeys {
  visitorId: string;
  converted: boolean;
}

export interface CardMetrics {
  /** Clicks: visits that arrived through it (session entrances). */
  clicks: number;
  /** Distinct visitors who arrived through it. */
  visitors: number;
  /** Of those visitors, the ones who completed any goal. */
  convertedVisitors: number;
  /** Conversions credited to it under the website's attribution model (fractional under multi-touch). */
  conversions: number;
  /** convertedVisitors / visitors × 100, one decimal: the one conversion rate (docs/metrics.md#conversion-rate). */
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
  return (g: TouchpointKeys) =>
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
  return (g: TouchpointKeys) =>
    g.campaignId ? ids.has(g.campaignId) : same(g.utmMedium, name) || same(g.utmMedium, tag);
}

/** A landing page's touchpoints: entrances on that page (any query, www or not, trailing slash or not). */
export function landingPageMatcher(key: string) {
  return (g: TouchpointKeys) => clickLandingKey(g.landingPage) === key;
}

export function sumMetrics(
  clicks: TouchpointGroup[],
  credits: TouchpointGroup[],
  visitorGroups: VisitorGroup[],
  matches: (g: TouchpointKeys) => boolean,
): CardMetrics {
  let clickCount = 0;
  let conversions = 0;
  const byCurrency: MinorAmounts = {};
  for (const g of clicks) if (matches(g)) clickCount += g.count;
  const visitors = countVisitors(visitorGroups, matches);
  for (const g of credits) {
    if (!matches(g)) continue;
    conversions += g.count;
    addMinor(byCurrency, g.currency ?? 'USD', g.valueMinor);
  }
  const revenueByCurrency = majorAmounts(byCurrency);
  return {
    clicks: clickCount,
    ...visitors,
    conversions: round(conversions, 2),
    revenue: singleAmount(revenueByCurrency),
    revenueByCurrency,
  };
}

/**
 * Distinct visitors who arrived through what `matches`, those of them who completed any goal, and
 * the conversion rate of the two (docs/metrics.md#conversion-rate).
 */
export function countVisitors(
  groups: VisitorGroup[],
  matches: (g: TouchpointKeys) => boolean,
): Pick<CardMetrics, 'visitors' | 'convertedVisitors' | 'conversionRate'> {
  const visitors = new Set<string>();
  const converted = new Set<string>();
  for (const v of groups) {
    if (!matches(v)) continue;
    visitors.add(v.visitorId);
    if (v.converted) converted.add(v.visitorId);
  }
  return {
    visitors: visitors.size,
    convertedVisitors: converted.size,
    conversionRate: conversionRate(converted.size, visitors.size),
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
