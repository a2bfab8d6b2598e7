import { type Funnel, messages } from '@ocx/contracts';
import { DAY_MS, type FunnelEventSource } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { FunnelRepository } from '../../storage/funnels/funnel.repository';
import {
  accessTo,
  member,
  memberWebsite,
  strangerAccess,
  viewerAccess,
} from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import type { DomainEventBus } from '../platform/domain-events';
import { FunnelService } from './funnel.service';

const NOW = Date.UTC(2026, 10, 25, 12);

const checkout = (overrides: Partial<Funnel> = {}): Funnel => ({
  id: 'f1',
  website_id: 'w1',
  name: 'Checkout',
  description: 'From cart to thanks',
  steps: [
    { id: 's1', name: 'Step 1', order: 1, conditions: { path: '/cart' } },
    { id: 's2', name: 'Step 2', order: 2, conditions: { path: '/thanks' } },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

function build(access = accessTo(memberWebsite({ timezone: 'Asia/Tokyo' }))) {
  const funnels = mockOf<FunnelRepository>();
  const events = mockOf<FunnelEventSource>();
  const bus = mockOf<DomainEventBus>();
  funnels.find.mockResolvedValue(checkout());
  const service = new FunnelService(funnels, events, access, bus, () => NOW);
  return { service, funnels, events, bus, access };
}

describe('FunnelService without a database', () => {
  it("lists a website's funnels for a reader of the website", async () => {
    const { service, funnels, access } = build();
    const funnelsOfWebsite = [checkout(), checkout({ id: 'f2', name: 'Signup' })];
    funnels.listByWebsite.mockResolvedValue(funnelsOfWebsite);
    expect(await service.list(member, 'w1')).toEqual(funnelsOfWebsite);
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'read');
    expect(funnels.listByWebsite).toHaveBeenCalledWith('w1');
  });

  it('asks for a website before listing', async () => {
    const { service, access } = build();
    await expect(service.list(member, undefined)).rejects.toThrow(messages.funnels.websiteRequired);
    expect(access.website).not.toHaveBeenCalled();
  });

  it('stores a new funnel with renumbered, named steps and tells the tracker config', async () => {
    const { service, funnels, bus } = build();
    await service.create(member, {
      websiteId: 'w1',
      name: '  ',
      description: ' Cart ',
      steps: [
        { id: 'keep', conditions: { path: ' /cart ' } },
        { id: 'keep', name: 'Paid', conditions: { selector: '#pay' } },
      ],
    });
    const [funnel, steps] = funnels.insert.mock.calls[0] ?? [];
    expect(funnel).toMatchObject({
      website_id: 'w1',
      name: 'New Funnel',
      description: 'Cart',
      created_at: new Date(NOW).toISOString(),
      updated_at: new Date(NOW).toISOString(),
    });
    expect(steps?.map((s) => [s.name, s.step_order, s.conditions])).toEqual([
      ['Step 1', 1, { path: '/cart' }],
      ['Paid', 2, { selector: '#pay' }],
    ]);
    // A repeated id is the client's mistake: the second step gets one of its own.
    expect(steps?.[0]?.id).toBe('keep');
    expect(steps?.[1]?.id).not.toBe('keep');
    expect(bus.emit).toHaveBeenCalledWith('website.changed', { websiteId: 'w1' });
  });

  it('refuses steps without a condition, and a viewer, before storing anything', async () => {
    const { service, funnels } = build();
    await expect(service.create(member, { website_id: 'w1', steps: [{ conditions: {} }] })).rejects.toThrow(
      new ValidationError(messages.funnels.stepCondition(1)),
    );
    const viewer = build(viewerAccess());
    await expect(
      viewer.service.create(member, { website_id: 'w1', steps: [{ conditions: { path: '/a' } }] }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(funnels.insert).not.toHaveBeenCalled();
    expect(viewer.funnels.insert).not.toHaveBeenCalled();
  });

  it('keeps the name and description an update leaves out', async () => {
    const { service, funnels, bus } = build();
    await service.update(member, 'f1', { steps: [{ conditions: { path: '/cart' } }] });
    expect(funnels.update).toHaveBeenCalledWith(
      'f1',
      { name: 'Checkout', description: 'From cart to thanks', updated_at: new Date(NOW).toISOString() },
      [expect.objectContaining({ step_order: 1 })],
    );
    expect(bus.emit).toHaveBeenCalledWith('website.changed', { websiteId: 'w1' });
  });

  it("answers 'Funnel not found' for a missing funnel or one of another user's website", async () => {
    const missing = build();
    missing.funnels.find.mockResolvedValue(undefined);
    await expect(missing.service.remove(member, 'f1')).rejects.toThrow(messages.funnels.notFound);
    const stranger = build(strangerAccess());
    await expect(stranger.service.remove(member, 'f1')).rejects.toThrow(
      new NotFoundError(messages.funnels.notFound),
    );
    const viewer = build(viewerAccess());
    await expect(viewer.service.remove(member, 'f1')).rejects.toBeInstanceOf(ForbiddenError);
    for (const { funnels, bus } of [missing, stranger, viewer]) {
      expect(funnels.delete).not.toHaveBeenCalled();
      expect(bus.emit).not.toHaveBeenCalled();
    }
  });

  it("tallies the events of 'today' in the website's zone, asking only for the steps' paths", async () => {
    const { service, events } = build();
    events.forEachFunnelEvent.mockImplementation(async (_query, visit) => {
      visit({ visitorId: 'a', ts: NOW - 60_000, type: 'pageview', path: '/cart', selector: null });
      visit({ visitorId: 'a', ts: NOW - 30_000, type: 'pageview', path: '/thanks', selector: null });
      visit({ visitorId: 'b', ts: NOW - 20_000, type: 'pageview', path: '/cart', selector: null });
    });
    const analytics = await service.analytics(member, 'f1', 'today');
    // Midnight in Tokyo is 15:00 UTC the day before.
    const start = Date.UTC(2026, 10, 24, 15);
    expect(events.forEachFunnelEvent).toHaveBeenCalledWith(
      { websiteId: 'w1', start, end: NOW + 1, paths: ['/cart', '/thanks'], selectors: [] },
      expect.any(Function),
    );
    expect(analytics).toMatchObject({
      funnelId: 'f1',
      timeRange: 'today',
      periodStart: new Date(start).toISOString(),
      totalEntries: 2,
      completionRate: 0.5,
      averageTimeToConversion: 30,
    });
  });

  it('compares a week with the week before it', async () => {
    const { service, events } = build();
    events.forEachFunnelEvent.mockResolvedValue(undefined);
    const { current, previous } = await service.compare(member, 'f1', 'week', 'week');
    const windows = events.forEachFunnelEvent.mock.calls.map(([q]) => [q.start, q.end]);
    expect(windows).toEqual([
      [NOW - 7 * DAY_MS, NOW + 1],
      [NOW - 14 * DAY_MS, NOW - 7 * DAY_MS],
    ]);
    expect(current.periodStart).toBe(new Date(NOW - 7 * DAY_MS).toISOString());
    expect(previous.periodEnd).toBe(new Date(NOW - 7 * DAY_MS).toISOString());
  });
});
