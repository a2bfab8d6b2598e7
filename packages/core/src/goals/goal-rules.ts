import { type GoalConditions, type GoalType, messages } from '@ocx/contracts';

export interface GoalDraft {
  name: string;
  type: GoalType | '' | null;
  conditions: GoalConditions;
}

const CONDITION_FOR: Record<GoalType, { key: keyof GoalConditions; message: string; what: string }> = {
  pageview: { key: 'path', message: messages.goals.path, what: 'page path' },
  click: { key: 'selector', message: messages.goals.selector, what: 'CSS selector' },
  event: { key: 'event', message: messages.goals.event, what: 'event name' },
};

/** Spec §5 goal rules: name and type first, then the condition the type needs; the input it concerns named as the contract does. */
export function goalRuleRefusal(goal: GoalDraft): { message: string; field: string } | null {
  if (!goal.name.trim()) return { message: messages.goals.required, field: 'name' };
  if (!goal.type) return { message: messages.goals.required, field: 'type' };
  const { key, message } = CONDITION_FOR[goal.type];
  return goal.conditions[key]?.trim() ? null : { message, field: `conditions.${key}` };
}

/** The first broken goal rule's message, or null (goalRuleRefusal). */
export const goalRuleError = (goal: GoalDraft): string | null => goalRuleRefusal(goal)?.message ?? null;

/** Keeps only the condition that belongs to the type, trimmed, so a stored goal has one clear rule. */
export function goalConditions(type: GoalType, conditions: GoalConditions): GoalConditions {
  const { key } = CONDITION_FOR[type];
  return { [key]: conditions[key]?.trim() ?? '' };
}

export interface GoalMatchRule {
  type: GoalType;
  conditions: GoalConditions;
}

/** What a goal matches on, as matching compares it: a pageview path ignoring case, a selector or event name exactly. */
function matchValue(goal: GoalMatchRule): string {
  const value = goalConditions(goal.type, goal.conditions)[CONDITION_FOR[goal.type].key] ?? '';
  return goal.type === 'pageview' ? value.toLowerCase() : value;
}

/**
 * The existing goal that `goal` would duplicate — the same type and match value on one website, so
 * every conversion would count twice — or undefined. `exceptId` leaves out the goal being edited.
 */
export function duplicateGoal<G extends GoalMatchRule & { id: string }>(
  goal: GoalMatchRule,
  existing: readonly G[],
  exceptId?: string,
): G | undefined {
  const value = matchValue(goal);
  return existing.find((g) => g.id !== exceptId && g.type === goal.type && matchValue(g) === value);
}

/** Why `goal` may not be saved beside `existing` (it duplicates one of them), or null. */
export function duplicateGoalError<G extends GoalMatchRule & { id: string; name: string }>(
  goal: GoalMatchRule,
  existing: readonly G[],
  exceptId?: string,
): string | null {
  const twin = duplicateGoal(goal, existing, exceptId);
  return twin ? messages.goals.duplicate(twin.name, CONDITION_FOR[goal.type].what) : null;
}
