import { type GoalConditions, type GoalType, messages } from '@ocx/contracts';

export interface GoalDraft {
  name: string;
  type: GoalType | '' | null;
  conditions: GoalConditions;
}

const CONDITION_FOR: Record<GoalType, { key: keyof GoalConditions; message: string }> = {
  pageview: { key: 'path', message: messages.goals.path },
  click: { key: 'selector', message: messages.goals.selector },
  event: { key: 'event', message: messages.goals.event },
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
