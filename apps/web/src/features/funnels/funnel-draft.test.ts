import type { Funnel } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import {
  addStep,
  draftFromFunnel,
  draftToInput,
  invalidSelectorError,
  moveStep,
  newFunnelDraft,
  removeStep,
  updateStep,
} from './funnel-draft';

const names = (steps: { name: string; order: number }[]) => steps.map((s) => `${s.order}:${s.name}`);

describe('funnel editor draft', () => {
  it("starts as 'New Funnel' with 'Step 1' and adds 'Step N'", () => {
    const draft = newFunnelDraft();
    expect(draft.name).toBe('New Funnel');
    expect(names(draft.steps)).toEqual(['1:Step 1']);
    expect(names(addStep(addStep(draft.steps)))).toEqual(['1:Step 1', '2:Step 2', '3:Step 3']);
  });

  it('moves steps up and down and renumbers; a move past either end changes nothing', () => {
    const steps = addStep(addStep(newFunnelDraft().steps));
    expect(names(moveStep(steps, 2, -1))).toEqual(['1:Step 1', '2:Step 3', '3:Step 2']);
    expect(names(moveStep(steps, 0, 1))).toEqual(['1:Step 2', '2:Step 1', '3:Step 3']);
    expect(moveStep(steps, 0, -1)).toBe(steps);
    expect(moveStep(steps, 2, 1)).toBe(steps);
  });

  it('deletes a step and renumbers, but keeps the last one', () => {
    const steps = addStep(addStep(newFunnelDraft().steps));
    const two = removeStep(steps, 0);
    expect(names(two)).toEqual(['1:Step 2', '2:Step 3']);
    const one = removeStep(two, 1);
    expect(names(one)).toEqual(['1:Step 2']);
    expect(removeStep(one, 0)).toBe(one);
  });

  it('round-trips a saved funnel and sends only the chosen condition of each step', () => {
    const funnel: Funnel = {
      id: 'f1',
      name: 'Checkout',
      description: '',
      website_id: 'w',
      created_at: '',
      updated_at: '',
      steps: [
        { id: 'a', name: 'Pricing', order: 1, conditions: { path: '/pricing' } },
        { id: 'b', name: 'Buy', order: 2, conditions: { selector: '#buy' } },
      ],
    };
    const draft = draftFromFunnel(funnel);
    expect(draft.steps.map((s) => [s.type, s.value])).toEqual([
      ['path', '/pricing'],
      ['selector', '#buy'],
    ]);
    const steps = addStep(draft.steps);
    expect(draftToInput({ ...draft, steps }).steps).toEqual([
      { id: 'a', name: 'Pricing', order: 1, conditions: { path: '/pricing' } },
      { id: 'b', name: 'Buy', order: 2, conditions: { selector: '#buy' } },
      { name: 'Step 3', order: 3, conditions: { path: '' } },
    ]);
  });

  it('names the first step whose CSS selector the browser refuses', () => {
    let steps = addStep(addStep(newFunnelDraft().steps));
    steps = updateStep(steps, 1, { type: 'selector', value: '#ok' });
    steps = updateStep(steps, 2, { type: 'selector', value: 'button[' });
    const parses = (selector: string) => !selector.includes('[');
    expect(invalidSelectorError(steps, parses)).toBe('Step 3 has an invalid CSS selector');
    expect(invalidSelectorError(steps.slice(0, 2), parses)).toBeNull();
  });
});
