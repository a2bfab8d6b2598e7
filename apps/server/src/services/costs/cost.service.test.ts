import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type { AdCostRepository } from '../../storage/costs/ad-cost.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, storedCampaign, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { CostService } from './cost.service';

function build() {
  const costs = mockOf<AdCostRepository>();
  const campaigns = mockOf<CampaignRepository>();
  const access = mockOf<Access>();
  access.website.mockResolvedValue(websiteRow());
  costs.upsert.mockResolvedValue({ replaced: 0 });
  costs.storedDays.mockResolvedValue(new Set());
  // Spring Sale: utm_campaign spring-sale, ocxid spr1ng.
  campaigns.listByWebsite.mockResolvedValue([
    storedCampaign(),
    storedCampaign({ id: 'cmp-2', name: 'Brand', utmParams: {}, ocxid: 'br4nd' }),
  ]);
  return { service: new CostService(costs, campaigns, access), costs, campaigns, access };
}

const csv = [
  'Day,Campaign,Currency code,Cost',
  '2024-03-01,spring-sale,EUR,10.50',
  '2024-03-01,Unknown,EUR,3',
  '2024-03-01,Spring Sale,EUR,2',
  '2024-03-02,brand,EUR,1',
].join('\n');

describe('CostService', () => {
  it('spreads a manual amount evenly over its days, to the cent', async () => {
    const { service, costs, campaigns, access } = build();
    campaigns.find.mockResolvedValue(storedCampaign());
    costs.upsert.mockResolvedValue({ replaced: 1 });
    const result = await service.manual(alice, 'site-1', 'cmp-1', {
      amount: 10,
      currency: 'EUR',
      startDate: '2024-03-01',
      endDate: '2024-03-03',
    });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    const days = costs.upsert.mock.calls[0]?.[1] ?? [];
    expect(days.map((d) => d.day)).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
    expect(days.reduce((sum, d) => sum + d.minor, 0)).toBe(1000);
    expect(days.every((d) => d.campaignId === 'cmp-1' && d.origin === 'manual' && d.currency === 'EUR')).toBe(
      true,
    );
    expect(result).toEqual({ saved: 3, replaced: 1, unmatched: 0, duplicate: 0 });
  });

  it('refuses a manual entry for an unknown campaign or backwards dates', async () => {
    const { service, costs, campaigns } = build();
    const entry = { amount: 1, currency: 'EUR', startDate: '2024-03-02', endDate: '2024-03-01' };
    await expect(service.manual(alice, 'site-1', 'cmp-x', entry)).rejects.toThrow(
      new NotFoundError(messages.campaigns.notFound),
    );
    campaigns.find.mockResolvedValue(storedCampaign());
    await expect(service.manual(alice, 'site-1', 'cmp-1', entry)).rejects.toBeInstanceOf(ValidationError);
    expect(costs.upsert).not.toHaveBeenCalled();
  });

  it('lists a campaign’s days in major units', async () => {
    const { service, costs, campaigns } = build();
    campaigns.find.mockResolvedValue(storedCampaign());
    costs.listByCampaign.mockResolvedValue([
      { campaignId: 'cmp-1', day: '2024-03-01', currency: 'JPY', minor: 1200, origin: 'csv' },
      { campaignId: 'cmp-1', day: '2024-03-02', currency: 'EUR', minor: 1250, origin: 'api' },
    ]);
    await expect(service.list(alice, 'site-1', 'cmp-1')).resolves.toEqual([
      { day: '2024-03-01', amount: 1200, currency: 'JPY', origin: 'csv' },
      { day: '2024-03-02', amount: 12.5, currency: 'EUR', origin: 'api' },
    ]);
  });

  it('previews a report row by row: matched, unmatched, duplicate, and days it would replace', async () => {
    const { service, costs } = build();
    costs.storedDays.mockResolvedValue(new Set(['cmp-2\u00002024-03-02']));
    const preview = await service.preview(alice, 'site-1', { csv });
    expect(costs.storedDays).toHaveBeenCalledWith('site-1', [
      { campaignId: 'cmp-1', day: '2024-03-01' },
      { campaignId: 'cmp-2', day: '2024-03-02' },
    ]);
    expect(preview).toMatchObject({ layout: 'google_ads', matched: 2, unmatched: 1, duplicate: 1 });
    expect(preview.rows.map((r) => [r.line, r.status, r.campaignId, r.replaces, r.duplicateOf])).toEqual([
      [2, 'matched', 'cmp-1', false, null],
      [3, 'unmatched', null, false, null],
      [4, 'duplicate', 'cmp-1', false, 2],
      [5, 'matched', 'cmp-2', true, null],
    ]);
    expect(costs.upsert).not.toHaveBeenCalled();
  });

  it('imports only the matched rows, and nothing from an unreadable file', async () => {
    const { service, costs, access } = build();
    costs.upsert.mockResolvedValue({ replaced: 1 });
    await expect(service.import(alice, 'site-1', { csv })).resolves.toEqual({
      saved: 2,
      replaced: 1,
      unmatched: 1,
      duplicate: 1,
    });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(costs.upsert).toHaveBeenCalledWith('site-1', [
      { campaignId: 'cmp-1', day: '2024-03-01', currency: 'EUR', minor: 1050, origin: 'csv' },
      { campaignId: 'cmp-2', day: '2024-03-02', currency: 'EUR', minor: 100, origin: 'csv' },
    ]);
    await expect(service.import(alice, 'site-1', { csv: 'Name,Value\nA,1\n' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(costs.upsert).toHaveBeenCalledTimes(1);
  });

  it('matches API costs by id, ocxid, utm_campaign or name, the last of a day winning', async () => {
    const { service, costs } = build();
    costs.upsert.mockResolvedValue({ replaced: 0 });
    const result = await service.fromApi('site-1', {
      costs: [
        { campaign: 'SPR1NG', date: '2024-03-01', amount: 1, currency: 'USD' },
        { campaign: ' spring-sale ', date: '2024-03-01', amount: 2, currency: 'USD' },
        { campaign: 'cmp-2', date: '2024-03-01', amount: 3, currency: 'USD' },
        { campaign: 'nobody', date: '2024-03-01', amount: 4, currency: 'USD' },
        { campaign: 'brand', date: '2024-03-02', amount: 5, currency: 'USD' },
      ],
    });
    expect(result).toEqual({ saved: 3, replaced: 0, unmatched: [{ index: 3, campaign: 'nobody' }] });
    expect(costs.upsert).toHaveBeenCalledWith('site-1', [
      { campaignId: 'cmp-1', day: '2024-03-01', currency: 'USD', minor: 200, origin: 'api' },
      { campaignId: 'cmp-2', day: '2024-03-01', currency: 'USD', minor: 300, origin: 'api' },
      { campaignId: 'cmp-2', day: '2024-03-02', currency: 'USD', minor: 500, origin: 'api' },
    ]);
  });
});
