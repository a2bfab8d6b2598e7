import { describe, expect, it } from 'vitest';
import {
  landingPageMatcher,
  networkMatcher,
  sourceMatcher,
  sumMetrics,
  type TouchpointGroup,
  type VisitorGroup,
} from './touchpoint-metrics';

const g = (over: Partial<TouchpointGroup>): TouchpointGroup => ({
  campaignId: null,
  clickIdType: null,
  utmSource: null,
  utmMedium: null,
  landingPage: 'https://shop.test/spring',
  count: 1,
  valueMinor: 0,
  currency: null,
  ...over,
});

const v = (visitorId: string, converted: boolean, over: Partial<VisitorGroup>): VisitorGroup => ({
  campaignId: null,
  clickIdType: null,
  utmSource: null,
  utmMedium: null,
  landingPage: 'https://shop.test/spring',
  visitorId,
  converted,
  ...over,
});

const campaigns = [
  { id: 'c1', network: 'Google Ads', source: 'Search' },
  { id: 'c2', network: 'Bing Ads', source: 'Search' },
];

describe('card metrics', () => {
  const clicks = [
    g({ campaignId: 'c1', count: 3 }),
    g({ campaignId: 'c2', count: 2, landingPage: 'https://www.shop.test/sale/' }),
    g({ clickIdType: 'gclid', count: 4 }),
    g({ utmSource: 'google ads', utmMedium: 'display', count: 1 }),
  ];
  const credits = [
    g({ campaignId: 'c1', count: 1.5, valueMinor: 3000, currency: 'USD' }),
    g({
      campaignId: 'c2',
      count: 0.5,
      valueMinor: 1000,
      currency: 'EUR',
      landingPage: 'https://www.shop.test/sale/',
    }),
    g({ clickIdType: 'gclid', count: 1, valueMinor: 500, currency: 'USD' }),
  ];
  // Who those clicks brought: ann came through c1 and a gclid ad and converted, bob through c1,
  // cleo through c2 and converted, dan through a gclid ad, eve tagged google ads / display.
  const visitors = [
    v('ann', true, { campaignId: 'c1' }),
    v('ann', true, { clickIdType: 'gclid' }),
    v('bob', false, { campaignId: 'c1' }),
    v('cleo', true, { campaignId: 'c2', landingPage: 'https://www.shop.test/sale/' }),
    v('dan', false, { clickIdType: 'gclid' }),
    v('eve', false, { utmSource: 'google ads', utmMedium: 'display' }),
  ];

  it("counts a network's campaigns, its click ids and its name as utm_source", () => {
    // 3 + 4 + 1 clicks; 1.5 + 1 conversions credited; ann, bob, dan and eve, once each: 1 of 4
    // visitors converted, 25% (not conversions ÷ clicks).
    expect(sumMetrics(clicks, credits, visitors, networkMatcher('Google Ads', ['gclid'], campaigns))).toEqual(
      {
        clicks: 8,
        visitors: 4,
        convertedVisitors: 1,
        conversions: 2.5,
        conversionRate: 25,
        revenue: 35,
        revenueByCurrency: { USD: 35 },
      },
    );
  });

  it("counts a source's campaigns and its name as utm_medium", () => {
    // Search: c1 3 + c2 2 = 5 clicks, 2 conversions credited; ann, bob and cleo: 2 of 3 converted.
    expect(sumMetrics(clicks, credits, visitors, sourceMatcher('search', campaigns))).toEqual({
      clicks: 5,
      visitors: 3,
      convertedVisitors: 2,
      conversions: 2,
      conversionRate: 66.7,
      // Dollars and euros never add up: no single revenue figure, the amounts per currency.
      revenue: null,
      revenueByCurrency: { USD: 30, EUR: 10 },
    });
    expect(sumMetrics(clicks, credits, visitors, sourceMatcher('Display', campaigns))).toMatchObject({
      clicks: 1,
      visitors: 1,
      conversionRate: 0,
    });
  });

  it('counts campaign-less entrances tagged as the builder tags a network and a source (google / cpc)', () => {
    const tagged = [
      g({ utmSource: 'google', utmMedium: 'cpc', count: 2 }),
      g({ utmSource: 'bing', count: 5 }),
    ];
    expect(sumMetrics(tagged, [], [], networkMatcher('Google Ads', [], [])).clicks).toBe(2);
    expect(sumMetrics(tagged, [], [], sourceMatcher('Search', [])).clicks).toBe(2);
    expect(sumMetrics(tagged, [], [], sourceMatcher('Social', [])).clicks).toBe(0);
  });

  it('counts entrances on a landing page with www and a trailing slash', () => {
    expect(sumMetrics(clicks, credits, visitors, landingPageMatcher('shop.test/sale'))).toEqual({
      clicks: 2,
      visitors: 1,
      convertedVisitors: 1,
      conversions: 0.5,
      conversionRate: 100,
      revenue: 10,
      revenueByCurrency: { EUR: 10 },
    });
  });

  it('shows 0% without visitors', () => {
    expect(sumMetrics([], [], [], () => true)).toEqual({
      clicks: 0,
      visitors: 0,
      convertedVisitors: 0,
      conversions: 0,
      conversionRate: 0,
      revenue: 0,
      revenueByCurrency: {},
    });
  });
});
