import { type AttributionModel, attributionModels } from '@ocx/contracts';
import type { EventStore } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import type { CreditSum, ReportRepository } from '../../storage/attribution/report.repository';
import type { CampaignRepository, StoredCampaign } from '../../storage/campaigns/campaign.repository';
import type { TouchpointRepository } from '../../storage/campaigns/touchpoint.repository';
import { visitorOf } from '../../test/service-rows.fixture';
import { ReportService } from '../attribution/report.service';
import type { Access } from '../platform/access';
import { DomainEventBus } from '../platform/domain-events';
import { CampaignService } from './campaign.service';

// Campaign cards: clicks from the event store, conversions and revenue from the credits of the
// website's selected model, on plain data (campaign and report repository tests prove the SQL).
const user = { id: 'u1', email: 'a@example.com' };
const models = (value: number) =>
  Object.fromEntries(attributionModels.map((m) => [m, value])) as Record<AttributionModel, number>;

const campaign = (id: string): StoredCampaign => ({
  id,
  websiteId: 'w1',
  name: `Campaign ${id}`,
  network: 'Google Ads',
  source: 'google',
  landingPage: 'https://shop.test/offer',
  utmParams: {},
  trackingParams: { ocxid: `ocx${id}` },
  ocxid: `ocx${id}`,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

/** Campaign a brought ann (who converted) twice, bob and cleo; b brought nobody. */
const VISITORS = [
  visitorOf('ann', { campaignId: 'a' }),
  visitorOf('ann', { campaignId: 'a', landingPage: 'https://shop.test/offer?x=1' }),
  visitorOf('bob', { campaignId: 'a', converted: false }),
  visitorOf('cleo', { campaignId: 'a', converted: false }),
  visitorOf('dan', { campaignId: null }),
];

function campaigns(model: AttributionModel, clicks: Record<string, number>, sums: CreditSum[]) {
  const access = { website: async () => ({ id: 'w1', attribution_model: model }) } as unknown as Access;
  const repo = { listByWebsite: async () => [campaign('a'), campaign('b')] } as unknown as CampaignRepository;
  const events = {
    campaignTotals: async () => Object.entries(clicks).map(([campaignId, n]) => ({ campaignId, clicks: n })),
  } as unknown as EventStore;
  const reports = new ReportService(
    {
      creditSums: async (_w: string, _f: number, _t: number, only: AttributionModel[]) => {
        expect(only).toEqual([model]);
        return sums;
      },
    } as unknown as ReportRepository,
    access,
    { costs: { sums: async () => [] }, campaigns: repo },
  );
  const touchpoints = {
    visitorGroups: async () => VISITORS,
  } satisfies Pick<TouchpointRepository, 'visitorGroups'>;
  return new CampaignService(repo, access, events, reports, new DomainEventBus(), touchpoints);
}

const sum = (campaignId: string, currency: string, conversions: number, valueMinor: number): CreditSum => ({
  campaignId,
  campaignName: `Campaign ${campaignId}`,
  channel: 'paid',
  currency,
  conversions: models(conversions),
  valueMinor: models(valueMinor),
});

describe('campaign metrics without a database', () => {
  it('gives the rate of converting visitors over visitors beside the credited conversions, with revenue in major units', async () => {
    const [a, b] = await campaigns('linear', { a: 3 }, [
      sum('a', 'USD', 1 / 3, 3333),
      sum('a', 'USD', 1 / 3, 3334),
    ]).list(user, 'w1');
    expect(a?.metrics).toEqual({
      clicks: 3,
      visitors: 3,
      convertedVisitors: 1,
      conversions: 0.67,
      // 1 of 3 visitors; not 0.67 credited conversions ÷ 3 clicks (22.2).
      conversionRate: 33.3,
      revenue: 66.67,
      revenueByCurrency: { USD: 66.67 },
    });
    expect(b?.metrics).toEqual({
      clicks: 0,
      visitors: 0,
      convertedVisitors: 0,
      conversions: 0,
      conversionRate: 0,
      revenue: 0,
      revenueByCurrency: {},
    });
  });

  it('leaves revenue empty when conversions came in several currencies, and lists each', async () => {
    const [a] = await campaigns('first_touch', { a: 2 }, [
      sum('a', 'USD', 1, 1000),
      sum('a', 'EUR', 1, 4990),
    ]).list(user, 'w1');
    expect(a?.metrics.revenue).toBeNull();
    expect(a?.metrics.revenueByCurrency).toEqual({ USD: 10, EUR: 49.9 });
    expect(a?.metrics.conversionRate).toBe(33.3);
  });
});
