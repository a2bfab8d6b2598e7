import { type FunnelStepConditions, type FunnelStepInput, MAX_FUNNEL_STEPS, messages } from '@ocx/contracts';

/** A step ready to store: trimmed, named, numbered from 1, with exactly one condition. */
export interface FunnelStepDraft {
  id: string | undefined;
  name: string;
  order: number;
  conditions: FunnelStepConditions;
}

/**
 * Spec §5: at least 1 step (we cap at 20); each step matches a URL path or a CSS selector.
 * The name is not checked (the editor starts at 'New Funnel'); the first failing step is named.
 */
export function funnelStepsError(steps: FunnelStepInput[]): string | null {
  if (steps.length === 0) return messages.funnels.stepsRequired;
  if (steps.length > MAX_FUNNEL_STEPS) return messages.funnels.tooManySteps;
  for (const [i, step] of steps.entries()) {
    const path = step.conditions.path?.trim();
    const selector = step.conditions.selector?.trim();
    if (path && selector) return messages.funnels.stepOneCondition(i + 1);
    if (!path && !selector) return messages.funnels.stepCondition(i + 1);
  }
  return null;
}

/** Renumbers steps 1..n in list order and names unnamed ones 'Step N' (spec §4 funnel editor). */
export function normalizeFunnelSteps(steps: FunnelStepInput[]): FunnelStepDraft[] {
  return steps.map((step, i) => {
    const path = step.conditions.path?.trim();
    const selector = step.conditions.selector?.trim();
    return {
      id: step.id,
      name: step.name?.trim() || `Step ${i + 1}`,
      order: i + 1,
      conditions: path ? { path } : { selector: selector ?? '' },
    };
  });
}

/** An empty name becomes 'New Funnel' (spec §5: no name check on save). */
export const funnelName = (name: string | undefined) => name?.trim() || messages.funnels.defaultName;
