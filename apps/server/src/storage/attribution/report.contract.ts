import { attributionModels } from '@ocx/contracts';
import { DAY_MS } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AT,
  type CreditedSite,
  type CreditedStorage,
  SPRING_PAGE,
  seedCreditedSite,
  T0,
} from '../../test/credited-site.fixture';
import type { CreditSum, ReportRepository } from './report.repository';

interface ReportsUnderTest {
  storage: CreditedStorage;
  reports: ReportRepository;
}

const END = T0 + 10 * DAY_MS;
const byKey = (sums: CreditSum[]) =>
  Object.fromEntries(sums.map((s) => [`${s.campaignName ?? '-'}/${s.channel}/${s.currency}`, s]));

/**
 * What every ReportRepository (SQL, ClickHouse) answers alike, on the credited-site scenario
 * (test/credited-site.fixture.ts): the report's sums and visits, and one conversion's path.
 */
export function describeReportContract(label: string, open: () => Promise<ReportsUnderTest>) {
  describe(`ReportRepository contract: ${label}`, () => {
    let subject: ReportsUnderTest;
    let reports: ReportRepository;
    let site: CreditedSite;
    beforeAll(async () => {
      subject = await open();
      reports = subject.reports;
      site = await seedCreditedSite(subject.storage);
    });
    afterAll(() => subject.storage.close());

    it('sums credit and value credit per campaign, channel and currency under every model of the active version', async () => {
      const sums = byKey(await reports.creditSums(site.websiteId, T0, END));
      expect(Object.keys(sums).sort()).toEqual([
        '-/direct/USD',
        'Autumn/paid/USD',
        'Spring/paid/EUR',
        'Spring/paid/USD',
      ]);
      expect(sums['Spring/paid/USD']).toMatchObject({ campaignId: site.spring });
      // ann's purchase (100 USD) between Spring and Autumn; version 2's credits (Autumn only) not counted.
      const spring = sums['Spring/paid/USD'];
      const autumn = sums['Autumn/paid/USD'];
      expect([spring?.conversions.first_touch, autumn?.conversions.first_touch]).toEqual([1, 0]);
      expect([spring?.conversions.last_touch, autumn?.conversions.last_touch]).toEqual([0, 1]);
      expect([spring?.conversions.linear, autumn?.conversions.linear]).toEqual([0.5, 0.5]);
      expect([spring?.valueMinor.first_touch, autumn?.valueMinor.first_touch]).toEqual([10_000, 0]);
      expect([spring?.valueMinor.linear, autumn?.valueMinor.linear]).toEqual([5000, 5000]);
      for (const model of attributionModels) {
        expect((spring?.conversions[model] ?? 0) + (autumn?.conversions[model] ?? 0), model).toBeCloseTo(
          1,
          9,
        );
        expect((spring?.valueMinor[model] ?? 0) + (autumn?.valueMinor[model] ?? 0), model).toBe(10_000);
        // bob's 40 EUR apart from the dollars; carl's sign-up (no value) on his direct entrance.
        expect(sums['Spring/paid/EUR']?.conversions[model], model).toBe(1);
        expect(sums['Spring/paid/EUR']?.valueMinor[model], model).toBe(4000);
        expect(sums['-/direct/USD']?.conversions[model], model).toBe(1);
        expect(sums['-/direct/USD']?.valueMinor[model], model).toBe(0);
      }
      expect(sums['-/direct/USD']).toMatchObject({ campaignId: null, campaignName: null });
    });

    it('counts conversions in [from, to], both ends included, and only the models asked for', async () => {
      const through = await reports.creditSums(site.websiteId, T0, AT.annBuys, ['last_touch']);
      expect(byKey(through)['Autumn/paid/USD']?.conversions).toEqual({ last_touch: 1 });
      expect(byKey(through)['Autumn/paid/USD']?.valueMinor).toEqual({ last_touch: 10_000 });
      expect(Object.keys(byKey(through)).sort()).toEqual(['Autumn/paid/USD', 'Spring/paid/USD']);
      const from = await reports.creditSums(site.websiteId, AT.bobBuys, AT.carlSignsUp - 1, ['linear']);
      expect(from.map((s) => [s.campaignName, s.currency, s.conversions])).toEqual([
        ['Spring', 'EUR', { linear: 1 }],
      ]);
    });

    it('answers no sums for a website without credits or outside the range', async () => {
      expect(await reports.creditSums('no-such-website', T0, END)).toEqual([]);
      expect(await reports.creditSums(site.websiteId, END, END + DAY_MS)).toEqual([]);
    });

    it('counts visits in [from, to] and those without consent, per website', async () => {
      expect(await reports.visitCounts(site.websiteId, T0, END)).toEqual({ visits: 5, withoutConsent: 1 });
      expect(await reports.visitCounts(site.websiteId, AT.anonymous, AT.annAutumn)).toEqual({
        visits: 2,
        withoutConsent: 1,
      });
      expect(await reports.visitCounts(site.websiteId, AT.anonymous + 1, AT.carlHome - 1)).toEqual({
        visits: 2,
        withoutConsent: 0,
      });
      expect(await reports.visitCounts(site.otherWebsiteId, T0, END)).toEqual({
        visits: 1,
        withoutConsent: 0,
      });
      expect(await reports.visitCounts('no-such-website', T0, END)).toEqual({ visits: 0, withoutConsent: 0 });
    });

    it('reads one conversion’s path in order with each touchpoint’s click, campaign and credits', async () => {
      const path = await reports.path(site.websiteId, site.conversions.ann);
      expect(path.map((p) => [p.position, p.campaignName, p.channel, p.ts, p.landingPage, p.source])).toEqual(
        [
          [0, 'Spring', 'paid', AT.annSpring, SPRING_PAGE, 'google'],
          [1, 'Autumn', 'paid', AT.annAutumn, 'https://shop.test/autumn', 'facebook'],
        ],
      );
      expect(path.map((p) => [p.campaignId, p.currency])).toEqual([
        [site.spring, 'USD'],
        [site.autumn, 'USD'],
      ]);
      expect(path.every((p) => p.clickId !== null)).toBe(true);
      expect(path.map((p) => [p.credits.first_touch, p.credits.last_touch, p.credits.linear])).toEqual([
        [1, 0, 0.5],
        [0, 1, 0.5],
      ]);
      expect(path.map((p) => p.valueMinor.linear)).toEqual([5000, 5000]);
      expect(Object.keys(path[0]?.credits ?? {}).sort()).toEqual([...attributionModels].sort());
    });

    it('answers an empty path for an unknown conversion or another website’s', async () => {
      expect(await reports.path(site.websiteId, 'no-such-conversion')).toEqual([]);
      expect(await reports.path(site.otherWebsiteId, site.conversions.ann)).toEqual([]);
    });
  });
}
