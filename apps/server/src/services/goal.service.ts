import { randomUUID } from 'node:crypto';
import type { Goal, NewGoal } from '@ocx/contracts';
import { goalConditions, goalRuleError } from '@ocx/core';
import { NotFoundError, ValidationError } from '../errors';
import type { GoalRepository } from '../storage/sql/goal.repository';
import { toGoal } from './website.mapper';
import type { CurrentUser, WebsiteService } from './website.service';

export class GoalService {
  constructor(
    private readonly goals: GoalRepository,
    private readonly websites: WebsiteService,
    private readonly onChange: (websiteId: string) => void = () => {},
  ) {}

  async list(user: CurrentUser, websiteId: string): Promise<Goal[]> {
    await this.websites.owned(user, websiteId);
    return (await this.goals.listByWebsites([websiteId])).map(toGoal);
  }

  async create(user: CurrentUser, websiteId: string, input: NewGoal): Promise<Goal> {
    await this.websites.owned(user, websiteId);
    const message = goalRuleError(input);
    if (message) throw new ValidationError(message);
    const conditions = goalConditions(input.type, input.conditions);
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
    this.onChange(websiteId);
    return toGoal(row);
  }

  async remove(user: CurrentUser, websiteId: string, goalId: string): Promise<void> {
    await this.websites.owned(user, websiteId);
    if (!(await this.goals.delete(websiteId, goalId))) throw new NotFoundError('Goal not found');
    this.onChange(websiteId);
  }
}
