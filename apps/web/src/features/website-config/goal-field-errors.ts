import { type GoalType, messages } from '@ocx/contracts';

export interface GoalFieldErrors {
  name: string | null;
  condition: string | null;
}

const CONDITION_MESSAGE: Record<GoalType, string> = {
  pageview: messages.goals.path,
  click: messages.goals.selector,
  event: messages.goals.event,
};

/** Spec §5 goal rules, said at the field they concern (the form's banner keeps the first of them). */
export function goalFieldErrors(name: string, type: GoalType, condition: string): GoalFieldErrors {
  return {
    name: name.trim() ? null : messages.goals.required,
    condition: condition.trim() ? null : CONDITION_MESSAGE[type],
  };
}
