import { type Funnel, type FunnelUpdate, messages } from '@ocx/contracts';

export type ConditionType = 'path' | 'selector';

export interface StepDraft {
  /** Server id of a saved step, or a local key for a new one (never sent). */
  key: string;
  id: string | undefined;
  name: string;
  order: number;
  type: ConditionType;
  value: string;
}

export interface FunnelDraft {
  id: string | undefined;
  name: string;
  description: string;
  steps: StepDraft[];
}

let keys = 0;
const newKey = () => `new-${++keys}`;

const step = (n: number): StepDraft => ({
  key: newKey(),
  id: undefined,
  name: `Step ${n}`,
  order: n,
  type: 'path',
  value: '',
});

/** Spec §4: a new funnel is 'New Funnel' with one step, 'Step 1'. */
export function newFunnelDraft(): FunnelDraft {
  return { id: undefined, name: messages.funnels.defaultName, description: '', steps: [step(1)] };
}

export function draftFromFunnel(funnel: Funnel): FunnelDraft {
  return {
    id: funnel.id,
    name: funnel.name,
    description: funnel.description,
    steps: funnel.steps.map((s) => ({
      key: s.id,
      id: s.id,
      name: s.name,
      order: s.order,
      type: s.conditions.selector ? 'selector' : 'path',
      value: s.conditions.selector ?? s.conditions.path ?? '',
    })),
  };
}

/** Orders are renumbered 1..n after every change (spec §4). */
const renumber = (steps: StepDraft[]): StepDraft[] => steps.map((s, i) => ({ ...s, order: i + 1 }));

/** Adds 'Step N' at the end. */
export const addStep = (steps: StepDraft[]): StepDraft[] => renumber([...steps, step(steps.length + 1)]);

/** Moves a step one place up (-1) or down (+1); out of range it stays. */
export function moveStep(steps: StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const target = index + by;
  const a = steps[index];
  const b = steps[target];
  if (!a || !b) return steps;
  const next = [...steps];
  next[index] = b;
  next[target] = a;
  return renumber(next);
}

/** Removes a step; at least 1 step remains (spec §5). */
export function removeStep(steps: StepDraft[], index: number): StepDraft[] {
  if (steps.length <= 1) return steps;
  return renumber(steps.filter((_, i) => i !== index));
}

export function updateStep(steps: StepDraft[], index: number, change: Partial<StepDraft>): StepDraft[] {
  return steps.map((s, i) => (i === index ? { ...s, ...change } : s));
}

/** The body of POST/PUT /api/funnels: each step carries only its chosen condition. */
export function draftToInput(draft: FunnelDraft): FunnelUpdate {
  return {
    name: draft.name,
    description: draft.description,
    steps: draft.steps.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name,
      order: s.order,
      conditions: { [s.type]: s.value },
    })),
  };
}

/**
 * The first step whose CSS selector the browser cannot parse (the tracker would never match it),
 * checked with `isValid` = the browser's own parser.
 */
export function invalidSelectorError(
  steps: StepDraft[],
  isValid: (selector: string) => boolean,
): string | null {
  const bad = steps.find((s) => s.type === 'selector' && s.value.trim() && !isValid(s.value.trim()));
  return bad ? messages.funnels.stepSelector(bad.order) : null;
}

/** True when the browser accepts the selector. */
export function browserAcceptsSelector(selector: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}
