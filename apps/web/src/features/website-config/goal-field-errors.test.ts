// @vitest-environment jsdom
// (the selector check asks the DOM, as the browser does)
import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { browserReadsSelector, goalFieldErrors } from './goal-field-errors';

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

  it('refuses a click selector the browser cannot read, and only for click goals', () => {
    expect(goalFieldErrors('Buy', 'click', 'not a selector!!').condition).toBe(
      messages.goals.invalidSelector,
    );
    expect(goalFieldErrors('Buy', 'click', '#buy-button').condition).toBeNull();
    expect(goalFieldErrors('Thanks', 'pageview', 'not a selector!!').condition).toBeNull();
  });

  it('asks the DOM whether a selector parses', () => {
    expect(['#buy', '.cart button', 'a[href$=".pdf"]'].map(browserReadsSelector)).toEqual([true, true, true]);
    expect(['not a selector!!', '#', 'div,'].map(browserReadsSelector)).toEqual([false, false, false]);
  });
});
