import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
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
  access.website.mockResolvedValue(websiteRow());
  return { service: new GoalService(goals, access, bus), goals, access, bus };
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
});
