import { randomUUID } from 'node:crypto';
import { type Goal, messages, type NewGoal } from '@ocx/contracts';
import { goalConditions, goalRuleRefusal } from '@ocx/core';
import { NotFoundError, ValidationError } from '../../errors';
import { toGoal } from '../../storage/websites/goal.mapper';
import type { GoalRepository } from '../../storage/websites/goal.repository';
import type { Access, CurrentUser } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';
import { isCssSelector } from './css-selector';

export class GoalService {
  constructor(
    private readonly goals: GoalRepository,
    private readonly access: Access,
    private readonly bus: DomainEventBus,
  ) {}

  async list(user: CurrentUser, websiteId: string): Promise<Goal[]> {
    await this.access.website(user, websiteId, 'read');
    return (await this.goals.listByWebsites([websiteId])).map(toGoal);
  }

  async create(user: CurrentUser, websiteId: string, input: NewGoal): Promise<Goal> {
    await this.access.website(user, websiteId, 'write');
    const refusal = goalRuleRefusal(input);
    if (refusal) throw new ValidationError(refusal.message, refusal.field);
    const conditions = goalConditions(input.type, input.conditions);
    if (input.type === 'click' && !isCssSelector(conditions.selector ?? ''))
      throw new ValidationError(messages.goals.invalidSelector, 'conditions.selector');
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      website_id: websiteId,
      name: input.name.trim(),
      type: input.type,
      selector: conditions.selector ?? null,
      value: input.value ?? null,
      conditions: JSON.stringify(conditions),
      created_at: now,
      updated_at: now,
    };
    await this.goals.insert(row);
    await this.bus.emit('website.changed', { websiteId });
    return toGoal(row);
  }

  async remove(user: CurrentUser, websiteId: string, goalId: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.goals.delete(websiteId, goalId))) throw new NotFoundError('Goal not found');
    await this.bus.emit('website.changed', { websiteId });
  }
}
