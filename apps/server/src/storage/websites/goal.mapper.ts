import { type Goal, GoalConditions, GoalType } from '@ocx/contracts';
import { parseJson, toIso } from '../../db/sql-values';
import type { GoalRow } from './goal.repository';

/** A stored goal as the API and the public website directory show it. */
export function toGoal(row: GoalRow): Goal {
  return {
    id: row.id,
    websiteId: row.website_id,
    name: row.name,
    type: GoalType.catch('pageview').parse(row.type),
    conditions: GoalConditions.catch({}).parse(parseJson(row.conditions, {})),
    value: row.value,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
