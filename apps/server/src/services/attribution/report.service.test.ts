import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type { CreditSum, ReportRepository } from '../../storage/attribution/report.repository';
import type { CampaignRepository, StoredCampaign } from '../../storage/campaigns/campaign.repository';
import type { AdCostRepository } from '../../storage/costs/ad-cost.repository';
import { accessTo, member, memberWebsite, strangerAccess } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import { ReportService } from './report.service';

const campaign = (id: string, name: string): StoredCampaign => ({
  id,
  websiteId: 'w1',
  name,
  network: 'Google Ads',
  source: 'search',
  landingPage: 'https://shop.example/',
  utmParams: {},
  trackingParams: {},
  ocxid: `ocx-${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The same credit under every model, so a test can read any of them. */
const sum = (
  campaignId: string | null,
  currency: string,
  conversions: number,
  valueMinor: number,
): CreditSum => {
  const every = (n: number) => ({ first_touch: n, last_touch: n, linear: n });
  return {
    campaignId,
    campaignName: campaignId ? `Campaign ${campaignId}` : null,
    channel: campaignId ? 'paid' : 'direct',
    currency,
    conversions: every(conversions),
    valueMinor: every(valueMinor),
  };
};

function build(access = accessTo(memberWebsite({ timezone: 'Europe/Berlin' }))) {
  const reports = mockOf<ReportRepository>();
  const costs = mockOf<Pick<AdCostRepository, 'sums'>>();
  const campaigns = mockOf<Pick<CampaignRepository, 'listByWebsite'>>();
  reports.creditSums.mockResolvedValue([]);
  reports.visitCounts.mockResolvedValue({ visits: 0, withoutConsent: 0 });
  costs.sums.mockResolvedValue([]);
  campaigns.listByWebsite.mockResolvedValue([]);
  const service = new ReportService(reports, access, { costs, campaigns });
  return { service, reports, costs, campaigns, access };
}

describe('ReportService without a database', () => {
  it("reads the website's local days of plain dates, credit and spend alike", async () => {
    const { service, reports, costs } = build();
    await service.attribution(member, 'w1', { startDate: '2026-03-01', endDate: '2026-03-02' });
    const from = Date.UTC(2026, 1, 28, 23);
    const to = Date.UTC(2026, 2, 2, 23) - 1;
    expect(reports.creditSums).toHaveBeenCalledWith('w1', from, to);
    expect(reports.visitCounts).toHaveBeenCalledWith('w1', from, to);
    expect(costs.sums).toHaveBeenCalledWith('w1', '2026-03-01', '2026-03-02');
  });

  it('refuses dates it cannot read, before reading anything', async () => {
    const { service, reports } = build();
    await expect(service.attribution(member, 'w1', { startDate: 'soon' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(reports.creditSums).not.toHaveBeenCalled();
  });

  it('answers NotFound to a stranger', async () => {
    const { service, access, reports } = build(strangerAccess());
    await expect(service.attribution(member, 'w1', {})).rejects.toBeInstanceOf(NotFoundError);
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'read');
    expect(reports.creditSums).not.toHaveBeenCalled();
  });

  it('makes one row per campaign and channel, values per currency, the most credited first', async () => {
    const { service, reports } = build();
    reports.creditSums.mockResolvedValue([
      sum(null, 'USD', 1, 1000),
      sum('a', 'USD', 0.5, 2550),
      sum('a', 'EUR', 2, 1000),
    ]);
    const { models } = await service.attribution(member, 'w1', {});
    expect(models.linear).toEqual([
      {
        campaignId: 'a',
        campaignName: 'Campaign a',
        channel: 'paid',
        conversions: 2.5,
        value: null,
        valueByCurrency: { USD: 25.5, EUR: 10 },
      },
      {
        campaignId: null,
        campaignName: null,
        channel: 'direct',
        conversions: 1,
        value: 10,
        valueByCurrency: { USD: 10 },
      },
    ]);
    // A model the repository summed nothing for still lists the rows, at zero.
    expect(models.w_shaped.map((r) => r.conversions)).toEqual([0, 0]);
  });

  it('says what share of visits came without consent, and puts spend beside credit', async () => {
    const { service, reports, costs, campaigns } = build();
    reports.visitCounts.mockResolvedValue({ visits: 8, withoutConsent: 3 });
    reports.creditSums.mockResolvedValue([sum('a', 'USD', 2, 10_000)]);
    costs.sums.mockResolvedValue([{ campaignId: 'a', currency: 'USD', minor: 5_000 }]);
    campaigns.listByWebsite.mockResolvedValue([campaign('a', 'Spring')]);
    const report = await service.attribution(member, 'w1', {});
    expect(report.consent).toEqual({ visits: 8, withoutConsent: 3, percent: 37.5 });
    expect(report.spend.campaigns).toHaveLength(1);
    expect(report.spend.campaigns[0]).toMatchObject({ label: 'Spring', cost: { USD: 50 } });
    expect(report.spend.campaigns[0]?.models.first_touch).toMatchObject({
      conversions: 2,
      value: { USD: 100 },
    });
  });

  it("adds a campaign's spend per currency over all time", async () => {
    const { service, costs } = build();
    costs.sums.mockResolvedValue([
      { campaignId: 'a', currency: 'USD', minor: 100 },
      { campaignId: 'a', currency: 'EUR', minor: 50 },
      { campaignId: 'b', currency: 'USD', minor: 7 },
    ]);
    const byCampaign = await service.campaignCosts('w1');
    expect(costs.sums).toHaveBeenCalledWith('w1', '0000-01-01', '9999-12-31');
    expect(Object.fromEntries(byCampaign)).toEqual({ a: { USD: 100, EUR: 50 }, b: { USD: 7 } });
  });

  it("reads one model's credit per campaign over all time, leaving out what no campaign earned", async () => {
    const { service, reports } = build();
    reports.creditSums.mockResolvedValue([
      sum('a', 'USD', 1, 1000),
      sum('a', 'USD', 1, 500),
      sum(null, 'USD', 4, 4000),
    ]);
    const credits = await service.campaignCredits('w1', 'last_touch');
    expect(reports.creditSums).toHaveBeenCalledWith('w1', 0, Number.MAX_SAFE_INTEGER, ['last_touch']);
    expect(Object.fromEntries(credits)).toEqual({
      a: { conversions: 2, value: 15, valueByCurrency: { USD: 15 } },
    });
  });
});
