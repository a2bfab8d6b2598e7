import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { goalFieldErrors } from './goal-field-errors';

describe('goalFieldErrors', () => {
  it('marks an empty name and the empty condition of the chosen type with the spec texts', () => {
    expect(goalFieldErrors(' ', 'click', '')).toEqual({
      name: messages.goals.required,
      condition: messages.goals.selector,
    });
    expect(goalFieldErrors('Thanks', 'pageview', '  ')).toEqual({
      name: null,
      condition: messages.goals.path,
    });
    expect(goalFieldErrors('Buy', 'event', 'purchase')).toEqual({ name: null, condition: null });
  });
});
