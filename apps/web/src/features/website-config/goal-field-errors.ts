import { type GoalType, messages } from '@ocx/contracts';

interface GoalFieldErrors {
  name: string | null;
  condition: string | null;
}

const CONDITION_MESSAGE: Record<GoalType, string> = {
  pageview: messages.goals.path,
  click: messages.goals.selector,
  event: messages.goals.event,
};

/** Whether this browser can read the selector: querySelector throws a SyntaxError when it cannot. */
export function browserReadsSelector(selector: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

/** Spec §5 goal rules, said at the field they concern (the form's banner keeps the first of them). */
export function goalFieldErrors(
  name: string,
  type: GoalType,
  condition: string,
  readsSelector: (selector: string) => boolean = browserReadsSelector,
): GoalFieldErrors {
  const wanted = condition.trim();
  return {
    name: name.trim() ? null : messages.goals.required,
    condition: !wanted
      ? CONDITION_MESSAGE[type]
      : type === 'click' && !readsSelector(wanted)
        ? messages.goals.invalidSelector
        : null,
  };
}
