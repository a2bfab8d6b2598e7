import { DAY_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import type { ConversionRepository, ConversionRow } from '../../storage/attribution/conversion.repository';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import { mockOf } from '../../test/service-mocks';
import type { DomainEventBus } from '../platform/domain-events';
import { ConversionService } from './conversion.service';

const NOW = Date.UTC(2026, 10, 25, 12);

function build() {
  const conversions = mockOf<ConversionRepository>();
  const campaigns = mockOf<CampaignRepository>();
  const bus = mockOf<DomainEventBus>();
  conversions.goalIdByName.mockResolvedValue(null);
  conversions.insertUnlessDuplicate.mockResolvedValue(true);
  campaigns.findIdByOcxid.mockResolvedValue(null);
  return { service: new ConversionService(conversions, campaigns, bus), conversions, campaigns, bus };
}

const written = (conversions: ReturnType<typeof build>['conversions']) =>
  conversions.insertUnlessDuplicate.mock.calls[0]?.[0];

describe('ConversionService without a database', () => {
  it("ties a conversion to the click it names: the click's visitor, session and campaign", async () => {
    const { service, conversions, bus } = build();
    conversions.clickById.mockResolvedValue({
      id: 'k1',
      visitor_id: 'v1',
      campaign_id: 'camp',
      ts: NOW - DAY_MS,
    });
    conversions.goalIdByName.mockResolvedValue('g1');

    const { conversion, created } = await service.record(
      'w1',
      {
        goal: 'Purchase',
        value: 12.5,
        currency: 'eur',
        clickId: 'gclid-1',
        dedupeKey: 'order-7',
        ts: NOW - 1000,
      },
      NOW,
    );

    expect(conversions.clickById).toHaveBeenCalledWith('w1', 'gclid-1');
    expect(conversions.latestClick).not.toHaveBeenCalled();
    expect(written(conversions)).toMatchObject({
      website_id: 'w1',
      campaign_id: 'camp',
      goal_id: 'g1',
      goal_name: 'Purchase',
      click_id: 'k1',
      value_minor: 1250,
      currency: 'EUR',
      ts: NOW - 1000,
      visitor_id: 'v1',
      conversion_type: 'revenue',
      dedupe_key: 'order-7',
      source: 'api',
      event_id: null,
    });
    expect(created).toBe(true);
    expect(bus.emit).toHaveBeenCalledWith('conversions.stored', { count: 1 });
    expect(conversion).toMatchObject({
      value: 12.5,
      currency: 'EUR',
      source: 'api',
      created_at: new Date(NOW - 1000).toISOString(),
      credit_status: 'pending',
    });
  });

  it("finds the visitor's latest session at the conversion's time when only a visitor id is given", async () => {
    const { service, conversions } = build();
    conversions.latestClick.mockResolvedValue({ id: 'k2', campaign_id: null });
    await service.record('w1', { goal: 'Signup', visitorId: 'v9' }, NOW);
    expect(conversions.latestClick).toHaveBeenCalledWith('w1', 'v9', NOW);
    expect(written(conversions)).toMatchObject({
      visitor_id: 'v9',
      click_id: 'k2',
      campaign_id: null,
      value_minor: null,
      currency: 'USD',
      conversion_type: 'lead',
    });
  });

  it('credits the campaign an ocxid names over the session’s own', async () => {
    const { service, conversions, campaigns } = build();
    conversions.latestClick.mockResolvedValue({ id: 'k2', campaign_id: 'from-session' });
    campaigns.findIdByOcxid.mockResolvedValue('named');
    await service.record('w1', { goal: 'Purchase', visitorId: 'v1', ocxid: 'ocx-abc' }, NOW);
    expect(campaigns.findIdByOcxid).toHaveBeenCalledWith('w1', 'ocx-abc');
    expect(written(conversions)).toMatchObject({ campaign_id: 'named', click_id: 'k2' });
  });

  it('dates a conversion claimed older than 7 days at its arrival, and keys one without a dedupe key apart', async () => {
    const { service, conversions } = build();
    await service.record('w1', { goal: 'Purchase', ocxid: 'x', ts: NOW - 8 * DAY_MS }, NOW);
    await service.record('w1', { goal: 'Purchase', ocxid: 'x', ts: NOW - 8 * DAY_MS }, NOW);
    const [first, second] = conversions.insertUnlessDuplicate.mock.calls.map(([row]) => row);
    expect(first?.ts).toBe(NOW);
    expect(first?.dedupe_key).toMatch(/^api:/);
    expect(first?.dedupe_key).not.toBe(second?.dedupe_key);
  });

  it('answers the stored conversion for a repeated dedupe key, announcing nothing', async () => {
    const { service, conversions, bus } = build();
    conversions.insertUnlessDuplicate.mockResolvedValue(false);
    const stored: ConversionRow = {
      id: 'first',
      website_id: 'w1',
      campaign_id: null,
      goal_id: null,
      goal_name: 'Purchase',
      click_id: null,
      value_minor: 500,
      currency: 'USD',
      ts: NOW - DAY_MS,
      visitor_id: 'v1',
      conversion_type: 'revenue',
      dedupe_key: 'order-7',
      source: 'api',
      event_id: null,
      followed_up: 1,
      credit_error: null,
      path_changes: 0,
    };
    conversions.byDedupeKey.mockResolvedValue(stored);
    const { conversion, created } = await service.record(
      'w1',
      { goal: 'Purchase', visitorId: 'v1', dedupeKey: 'order-7', value: 99 },
      NOW,
    );
    expect(created).toBe(false);
    expect(conversions.byDedupeKey).toHaveBeenCalledWith('w1', 'order-7');
    expect(conversion).toMatchObject({ id: 'first', value: 5, credit_status: 'credited' });
    expect(bus.emit).not.toHaveBeenCalled();
  });

  it('fails plainly when the conflicting conversion is gone by the time it is read', async () => {
    const { service, conversions } = build();
    conversions.insertUnlessDuplicate.mockResolvedValue(false);
    await expect(
      service.record('w1', { goal: 'Purchase', visitorId: 'v1', dedupeKey: 'k' }, NOW),
    ).rejects.toThrow('conversion vanished');
  });
});
