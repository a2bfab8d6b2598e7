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

/** Spec §5 goal rules: name and type first, then the condition the type needs. */
export function goalRuleError(goal: GoalDraft): string | null {
  if (!goal.name.trim() || !goal.type) return messages.goals.required;
  const { key, message } = CONDITION_FOR[goal.type];
  return goal.conditions[key]?.trim() ? null : message;
}

/** Keeps only the condition that belongs to the type, trimmed, so a stored goal has one clear rule. */
export function goalConditions(type: GoalType, conditions: GoalConditions): GoalConditions {
  const { key } = CONDITION_FOR[type];
  return { [key]: conditions[key]?.trim() ?? '' };
}
