import { randomUUID } from 'node:crypto';
import {
  type Goal,
  type GoalConditions,
  type GoalOverlap,
  type GoalPatch,
  messages,
  type NewGoal,
} from '@ocx/contracts';
import {
  DAY_MS,
  duplicateGoalError,
  givesValue,
  goalConditions,
  goalRuleRefusal,
  OVERLAP_LOOKBACK_DAYS,
  OVERLAP_SAMPLE,
  overlappingGoals,
} from '@ocx/core';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { ConversionRepository } from '../../storage/attribution/conversion.repository';
import { toGoal } from '../../storage/websites/goal.mapper';
import type { GoalRepository } from '../../storage/websites/goal.repository';
import type { Access, CurrentUser } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';
import { isCssSelector } from './css-selector';

const conditionKey = { pageview: 'path', click: 'selector', event: 'event' } as const;

export class GoalService {
  constructor(
    private readonly goals: GoalRepository,
    /** The stored conversions the overlap warning reads. */
    private readonly conversions: Pick<ConversionRepository, 'valued'>,
    private readonly access: Access,
    private readonly bus: DomainEventBus,
  ) {}

  async list(user: CurrentUser, websiteId: string): Promise<Goal[]> {
    await this.access.website(user, websiteId, 'read');
    return (await this.goals.listByWebsites([websiteId])).map(toGoal);
  }

  async create(user: CurrentUser, websiteId: string, input: NewGoal): Promise<Goal> {
    await this.access.website(user, websiteId, 'write');
    const conditions = await this.checkedConditions(websiteId, input);
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

  /** Changes the fields `patch` names; a new type needs its own condition (the old one is dropped). */
  async update(user: CurrentUser, websiteId: string, goalId: string, patch: GoalPatch): Promise<Goal> {
    await this.access.website(user, websiteId, 'write');
    const row = await this.goals.byId(websiteId, goalId);
    if (!row) throw new NotFoundError(messages.goals.notFound);
    const current = toGoal(row);
    const type = patch.type ?? current.type;
    const goal: NewGoal = {
      name: patch.name ?? current.name,
      type,
      conditions: patch.conditions ?? (type === current.type ? current.conditions : {}),
      value: patch.value === undefined ? current.value : patch.value,
    };
    const conditions = await this.checkedConditions(websiteId, goal, goalId);
    const changes = {
      name: goal.name.trim(),
      type,
      selector: conditions.selector ?? null,
      value: goal.value ?? null,
      conditions: JSON.stringify(conditions),
      updated_at: new Date().toISOString(),
    };
    if (!(await this.goals.update(websiteId, goalId, changes)))
      throw new NotFoundError(messages.goals.notFound);
    await this.bus.emit('website.changed', { websiteId });
    return toGoal({ ...row, ...changes });
  }

  async remove(user: CurrentUser, websiteId: string, goalId: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.goals.delete(websiteId, goalId))) throw new NotFoundError(messages.goals.notFound);
    await this.bus.emit('website.changed', { websiteId });
  }

  /**
   * The website's goals that give a value and whose recent valued conversions overlap
   * (docs/definitions.md#valued-goals-that-overlap).
   */
  async overlaps(user: CurrentUser, websiteId: string): Promise<GoalOverlap[]> {
    await this.access.website(user, websiteId, 'read');
    const now = Date.now();
    const [rows, conversions] = await Promise.all([
      this.goals.listByWebsites([websiteId]),
      this.conversions.valued({
        websiteIds: [websiteId],
        from: now - OVERLAP_LOOKBACK_DAYS * DAY_MS,
        to: now,
        limit: OVERLAP_SAMPLE,
      }),
    ]);
    const goals = new Map(rows.map((row) => [row.id, toGoal(row)]));
    // A goal removed since, or whose value was removed, no longer counts a sale twice.
    const current = (ref: { id: string | null }) => {
      const goal = ref.id ? goals.get(ref.id) : undefined;
      return goal !== undefined && givesValue(goal);
    };
    const valued = conversions.map((c) => ({
      id: c.id,
      goalId: c.goal_id,
      goalName: c.goal_name,
      visitor: c.visitor_id,
      ts: c.ts,
    }));
    return overlappingGoals(valued, current).map(({ goals: pair, pairs }) => ({
      goals: pair.map((g) => ({
        id: g.id,
        name: (g.id && goals.get(g.id)?.name) || g.name,
      })) as GoalOverlap['goals'],
      pairs,
    }));
  }

  /** The spec's rules, a selector browsers can read, and no twin on the website; the conditions to store. */
  private async checkedConditions(
    websiteId: string,
    goal: NewGoal,
    exceptId?: string,
  ): Promise<GoalConditions> {
    const refusal = goalRuleRefusal(goal);
    if (refusal) throw new ValidationError(refusal.message, refusal.field);
    const conditions = goalConditions(goal.type, goal.conditions);
    if (goal.type === 'click' && !isCssSelector(conditions.selector ?? ''))
      throw new ValidationError(messages.goals.invalidSelector, 'conditions.selector');
    const existing = (await this.goals.listByWebsites([websiteId])).map(toGoal);
    const duplicate = duplicateGoalError({ type: goal.type, conditions }, existing, exceptId);
    // The condition the type matches on is the field a form marks (conditions.path, .selector or .event).
    if (duplicate) throw new ConflictError(duplicate, `conditions.${conditionKey[goal.type]}`);
    return conditions;
  }
}
