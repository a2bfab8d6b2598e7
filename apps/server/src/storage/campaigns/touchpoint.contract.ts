import { HASH_VISITOR_PREFIX, type TouchpointGroup } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTUMN_PAGE,
  type CreditedSite,
  type CreditedStorage,
  FIRST_DAY,
  HOME_PAGE,
  SPRING_PAGE,
  seedCreditedSite,
} from '../../test/credited-site.fixture';
import type { TouchpointRepository } from './touchpoint.repository';

interface TouchpointsUnderTest {
  storage: CreditedStorage;
  touchpoints: TouchpointRepository;
}

const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
const google = { clickIdType: 'gclid', utmSource: 'google', utmMedium: 'cpc', landingPage: SPRING_PAGE };
const facebook = {
  clickIdType: 'fbclid',
  utmSource: 'facebook',
  utmMedium: 'social',
  landingPage: AUTUMN_PAGE,
};
const direct = (landingPage: string) => ({
  clickIdType: null,
  utmSource: null,
  utmMedium: null,
  landingPage,
});

/**
 * What every TouchpointRepository (SQL, ClickHouse) answers alike, on the credited-site scenario
 * (test/credited-site.fixture.ts): the cards' groups of clicks and credit, and a landing page's
 * statistics.
 */
export function describeTouchpointContract(label: string, open: () => Promise<TouchpointsUnderTest>) {
  describe(`TouchpointRepository contract: ${label}`, () => {
    let subject: TouchpointsUnderTest;
    let touchpoints: TouchpointRepository;
    let site: CreditedSite;
    beforeAll(async () => {
      subject = await open();
      touchpoints = subject.touchpoints;
      site = await seedCreditedSite(subject.storage);
    });
    afterAll(() => subject.storage.close());

    const group = (
      campaignId: string | null,
      keys: Omit<TouchpointGroup, 'campaignId' | 'count' | 'valueMinor' | 'currency'>,
      figures: Pick<TouchpointGroup, 'count' | 'valueMinor' | 'currency'>,
    ): TouchpointGroup => ({ campaignId, ...keys, ...figures });

    it('groups the website’s clicks by campaign, click id, UTM source and medium and landing page', async () => {
      const clicks = (count: number) => ({ count, valueMinor: 0, currency: null });
      expect(sorted(await touchpoints.clickGroups(site.websiteId))).toEqual(
        sorted([
          group(site.spring, google, clicks(2)),
          group(site.autumn, facebook, clicks(1)),
          group(null, direct(SPRING_PAGE), clicks(1)),
          group(null, direct(HOME_PAGE), clicks(1)),
        ]),
      );
      expect(await touchpoints.clickGroups('no-such-website')).toEqual([]);
    });

    it('groups each visitor’s clicks as clickGroups, with whether the visitor completed any goal', async () => {
      const visitor = (campaignId: string | null, keys: object, visitorId: string, converted: boolean) => ({
        campaignId,
        ...keys,
        visitorId,
        converted,
      });
      expect(sorted(await touchpoints.visitorGroups(site.websiteId))).toEqual(
        sorted([
          // ann's two entrances are two groups; she bought (on this website: her purchase elsewhere is not).
          visitor(site.spring, google, 'ann', true),
          visitor(site.autumn, facebook, 'ann', true),
          visitor(site.spring, google, 'bob', true),
          visitor(null, direct(SPRING_PAGE), `${HASH_VISITOR_PREFIX}anonymous`, false),
          visitor(null, direct(HOME_PAGE), 'carl', true),
        ]),
      );
      expect(sorted(await touchpoints.visitorGroups(site.otherWebsiteId))).toEqual(
        sorted([visitor(null, direct(SPRING_PAGE), 'ann', true)]),
      );
      expect(await touchpoints.visitorGroups('no-such-website')).toEqual([]);
    });

    it('groups the active version’s credit and value credit under one model, per currency', async () => {
      const credit = (count: number, valueMinor: number, currency: string) => ({
        count,
        valueMinor,
        currency,
      });
      expect(sorted(await touchpoints.creditGroups(site.websiteId, 'first_touch'))).toEqual(
        sorted([
          group(site.spring, google, credit(1, 10_000, 'USD')),
          group(site.autumn, facebook, credit(0, 0, 'USD')),
          group(site.spring, google, credit(1, 4000, 'EUR')),
          group(null, direct(HOME_PAGE), credit(1, 0, 'USD')),
        ]),
      );
      const lastTouch = await touchpoints.creditGroups(site.websiteId, 'last_touch');
      expect(lastTouch.filter((g) => g.currency === 'USD' && g.campaignId !== null)).toHaveLength(2);
      expect(lastTouch.find((g) => g.campaignId === site.autumn)).toMatchObject({
        count: 1,
        valueMinor: 10_000,
      });
      expect(lastTouch.find((g) => g.campaignId === site.spring && g.currency === 'USD')).toMatchObject({
        count: 0,
        valueMinor: 0,
      });
      expect(await touchpoints.creditGroups('no-such-website', 'first_touch')).toEqual([]);
    });

    it('counts a landing page’s entrances per UTC day, channel and campaign', async () => {
      expect(sorted(await touchpoints.landingDays(site.websiteId, [SPRING_PAGE]))).toEqual(
        sorted([
          { day: FIRST_DAY, channel: 'paid', campaignId: site.spring, visits: 1 },
          { day: FIRST_DAY, channel: 'direct', campaignId: null, visits: 1 },
          { day: FIRST_DAY + 1, channel: 'paid', campaignId: site.spring, visits: 1 },
        ]),
      );
      expect(await touchpoints.landingDays(site.websiteId, ['https://shop.test/nowhere'])).toEqual([]);
    });

    it('sums the credit a landing page’s entrances earned under one model, per conversion day and campaign', async () => {
      expect(await touchpoints.landingCredits(site.websiteId, [SPRING_PAGE], 'first_touch')).toEqual([
        { day: FIRST_DAY + 1, campaignId: site.spring, conversions: 2 },
      ]);
      expect(await touchpoints.landingCredits(site.websiteId, [SPRING_PAGE], 'last_touch')).toEqual([
        { day: FIRST_DAY + 1, campaignId: site.spring, conversions: 1 },
      ]);
      // Version 2 (not active) gives ann's purchase to her autumn entrance under every model.
      expect(await touchpoints.landingCredits(site.websiteId, [AUTUMN_PAGE], 'first_touch')).toEqual([
        { day: FIRST_DAY + 1, campaignId: site.autumn, conversions: 0 },
      ]);
      expect(await touchpoints.landingCredits(site.websiteId, [HOME_PAGE], 'linear')).toEqual([
        { day: FIRST_DAY + 3, campaignId: null, conversions: 1 },
      ]);
      expect(await touchpoints.landingCredits('no-such-website', [SPRING_PAGE], 'linear')).toEqual([]);
    });
  });
}
