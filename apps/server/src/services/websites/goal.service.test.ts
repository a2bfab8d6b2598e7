import { messages } from '@ocx/contracts';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { ConversionRepository } from '../../storage/attribution/conversion.repository';
import type { GoalRepository, GoalRow } from '../../storage/websites/goal.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';
import { GoalService } from './goal.service';

function build() {
  const goals = mockOf<GoalRepository>();
  const access = mockOf<Access>();
  const bus = mockOf<DomainEventBus>();
  const conversions = mockOf<ConversionRepository>();
  access.website.mockResolvedValue(websiteRow());
  goals.listByWebsites.mockResolvedValue([]);
  return { service: new GoalService(goals, conversions, access, bus), goals, conversions, access, bus };
}

const goalRow = (changes: Partial<GoalRow> = {}): GoalRow => ({
  id: 'goal-1',
  website_id: 'site-1',
  name: 'Signup',
  type: 'pageview',
  selector: null,
  value: 10,
  conditions: '{"path":"/thanks"}',
  created_at: '2024-03-01T10:00:00.000Z',
  updated_at: '2024-03-01T10:00:00.000Z',
  ...changes,
});

describe('GoalService', () => {
  it('lists the website’s goals mapped from their rows', async () => {
    const { service, goals, access } = build();
    goals.listByWebsites.mockResolvedValue([
      goalRow(),
      goalRow({ id: 'goal-2', type: 'odd', conditions: 'x' }),
    ]);
    await expect(service.list(alice, 'site-1')).resolves.toEqual([
      expect.objectContaining({ id: 'goal-1', type: 'pageview', conditions: { path: '/thanks' }, value: 10 }),
      expect.objectContaining({ id: 'goal-2', type: 'pageview', conditions: {} }),
    ]);
    expect(goals.listByWebsites).toHaveBeenCalledWith(['site-1']);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
  });

  it('stores only the condition of the goal’s type, trimmed, and announces the change', async () => {
    const { service, goals, bus } = build();
    const goal = await service.create(alice, 'site-1', {
      name: ' Buy ',
      type: 'click',
      conditions: { selector: ' #buy ', path: '/ignored' },
      value: 25,
    });
    expect(goals.insert).toHaveBeenCalledWith(
      expect.objectContaining({
        website_id: 'site-1',
        name: 'Buy',
        type: 'click',
        selector: '#buy',
        value: 25,
        conditions: '{"selector":"#buy"}',
      }),
    );
    expect(goal).toMatchObject({ name: 'Buy', conditions: { selector: '#buy' } });
    expect(bus.emit).toHaveBeenCalledWith('website.changed', { websiteId: 'site-1' });
  });

  it('refuses a goal without its condition or with a selector no browser reads', async () => {
    const { service, goals, bus } = build();
    await expect(
      service.create(alice, 'site-1', { name: 'Visit', type: 'pageview', conditions: { path: ' ' } }),
    ).rejects.toThrow(new ValidationError(messages.goals.path, 'conditions.path'));
    await expect(
      service.create(alice, 'site-1', { name: 'Buy', type: 'click', conditions: { selector: 'div[' } }),
    ).rejects.toThrow(new ValidationError(messages.goals.invalidSelector, 'conditions.selector'));
    expect(goals.insert).not.toHaveBeenCalled();
    expect(bus.emit).not.toHaveBeenCalled();
  });

  it('answers not found for a goal of another website, announcing nothing', async () => {
    const { service, goals, bus, access } = build();
    goals.delete.mockResolvedValue(false);
    await expect(service.remove(alice, 'site-1', 'goal-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(goals.delete).toHaveBeenCalledWith('site-1', 'goal-x');
    expect(bus.emit).not.toHaveBeenCalled();
    goals.delete.mockResolvedValue(true);
    await service.remove(alice, 'site-1', 'goal-1');
    expect(bus.emit).toHaveBeenCalledWith('website.changed', { websiteId: 'site-1' });
  });

  it('refuses a second goal matching the same thing with 409, naming the first, and stores nothing', async () => {
    const { service, goals, bus } = build();
    goals.listByWebsites.mockResolvedValue([goalRow()]);
    await expect(
      service.create(alice, 'site-1', { name: 'Thanks', type: 'pageview', conditions: { path: '/THANKS' } }),
    ).rejects.toThrow(
      new ConflictError(
        'Goal "Signup" already matches this page path: each conversion would count twice',
        'conditions.path',
      ),
    );
    expect(goals.insert).not.toHaveBeenCalled();
    expect(bus.emit).not.toHaveBeenCalled();
  });

  it('changes the fields a patch names, keeps the others, and may keep its own condition', async () => {
    const { service, goals, bus } = build();
    goals.byId.mockResolvedValue(goalRow());
    goals.listByWebsites.mockResolvedValue([goalRow()]);
    goals.update.mockResolvedValue(true);
    const goal = await service.update(alice, 'site-1', 'goal-1', { value: null, name: ' Thank you ' });
    expect(goal).toMatchObject({
      name: 'Thank you',
      type: 'pageview',
      conditions: { path: '/thanks' },
      value: null,
    });
    expect(goals.update).toHaveBeenCalledWith(
      'site-1',
      'goal-1',
      expect.objectContaining({ name: 'Thank you', value: null, conditions: '{"path":"/thanks"}' }),
    );
    expect(bus.emit).toHaveBeenCalledWith('website.changed', { websiteId: 'site-1' });
  });

  it('asks a goal given a new type for that type’s condition', async () => {
    const { service, goals } = build();
    goals.byId.mockResolvedValue(goalRow());
    await expect(service.update(alice, 'site-1', 'goal-1', { type: 'event' })).rejects.toThrow(
      new ValidationError(messages.goals.event, 'conditions.event'),
    );
    expect(goals.update).not.toHaveBeenCalled();
  });

  it('answers not found for a goal the website does not have', async () => {
    const { service, goals, access } = build();
    await expect(service.update(alice, 'site-1', 'goal-x', { name: 'X' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(goals.byId).toHaveBeenCalledWith('site-1', 'goal-x');
  });

  it('names overlapping goals by their names now, leaving out goals that no longer give a value', async () => {
    const { service, goals, conversions, access } = build();
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    vi.useFakeTimers({ now, toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    goals.listByWebsites.mockResolvedValue([
      goalRow({
        id: 'g-thanks',
        name: 'Thank you page',
        updated_at: new Date(now - 60 * 60_000).toISOString(),
      }),
      goalRow({ id: 'g-buy', name: 'Purchase', conditions: '{"event":"purchase"}', type: 'event' }),
    ]);
    const valued = (id: string, goal: string, name: string, visitor: string, minutesAgo: number) => ({
      id,
      website_id: 'site-1',
      goal_id: goal,
      goal_name: name,
      visitor_id: visitor,
      ts: now - minutesAgo * 60_000,
    });
    conversions.valued.mockResolvedValue([
      valued('p1', 'g-buy', 'Purchase', 'v1', 120),
      valued('t1', 'g-thanks', 'Thanks (old name)', 'v1', 119),
      valued('p2', 'g-buy', 'Purchase', 'v2', 10),
      valued('s2', 'g-signup', 'Signup', 'v2', 9),
      valued('p3', 'g-buy', 'Purchase', 'v3', 10),
      valued('g3', 'g-gone', 'Removed goal', 'v3', 9),
    ]);
    await expect(service.overlaps(alice, 'site-1')).resolves.toEqual([
      {
        goals: [
          { id: 'g-buy', name: 'Purchase' },
          { id: 'g-thanks', name: 'Thank you page' },
        ],
        pairs: 1,
      },
    ]);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
    expect(conversions.valued).toHaveBeenCalledWith(
      expect.objectContaining({ websiteIds: ['site-1'], to: now, from: now - 90 * 86_400_000 }),
    );
  });
});
