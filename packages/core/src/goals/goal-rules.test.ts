import { describe, expect, it } from 'vitest';
import {
  duplicateGoal,
  duplicateGoalError,
  goalConditions,
  goalRuleError,
  goalRuleRefusal,
} from './goal-rules';

describe('goal rules', () => {
  it('needs a name and a type', () => {
    expect(goalRuleError({ name: ' ', type: 'pageview', conditions: { path: '/thanks' } })).toBe(
      'Please fill in all required fields',
    );
    expect(goalRuleError({ name: 'Buy', type: '', conditions: {} })).toBe(
      'Please fill in all required fields',
    );
  });

  it.each([
    ['pageview', 'Please enter a page path for the pageview goal'],
    ['click', 'Please enter a CSS selector for the click goal'],
    ['event', 'Please enter an event name for the event goal'],
  ] as const)('a %s goal needs its own condition', (type, message) => {
    expect(
      goalRuleError({ name: 'Goal', type, conditions: { path: ' ', selector: '', event: undefined } }),
    ).toBe(message);
  });

  it('accepts a goal whose condition matches its type and keeps only that condition', () => {
    expect(goalRuleError({ name: 'Signup', type: 'click', conditions: { selector: '#signup' } })).toBeNull();
    expect(goalConditions('click', { path: '/x', selector: ' #signup ' })).toEqual({ selector: '#signup' });
  });

  it('names the input a broken rule concerns, the condition by the key the type needs', () => {
    expect(goalRuleRefusal({ name: ' ', type: 'click', conditions: {} })?.field).toBe('name');
    expect(goalRuleRefusal({ name: 'Buy', type: '', conditions: {} })?.field).toBe('type');
    expect(goalRuleRefusal({ name: 'Buy', type: 'click', conditions: { path: '/x' } })).toEqual({
      message: 'Please enter a CSS selector for the click goal',
      field: 'conditions.selector',
    });
  });
});

describe('duplicate goals', () => {
  const existing = [
    { id: 'g1', name: 'Thank you', type: 'pageview' as const, conditions: { path: '/Thank-You' } },
    { id: 'g2', name: 'Purchase', type: 'event' as const, conditions: { event: 'purchase' } },
    { id: 'g3', name: 'Buy button', type: 'click' as const, conditions: { selector: '#buy' } },
  ];

  it('refuses a second goal of the same type matching the same thing, naming the first', () => {
    expect(duplicateGoalError({ type: 'event', conditions: { event: ' purchase ' } }, existing)).toBe(
      'Goal "Purchase" already matches this event name: each conversion would count twice',
    );
    // Pageview paths match ignoring case, so they compare ignoring case.
    expect(duplicateGoal({ type: 'pageview', conditions: { path: '/thank-you' } }, existing)?.id).toBe('g1');
    expect(duplicateGoalError({ type: 'click', conditions: { selector: '#buy' } }, existing)).toBe(
      'Goal "Buy button" already matches this CSS selector: each conversion would count twice',
    );
  });

  it('lets through another type, another value, a case difference where matching is exact, and the goal itself', () => {
    expect(duplicateGoal({ type: 'event', conditions: { event: 'Purchase' } }, existing)).toBeUndefined();
    expect(duplicateGoal({ type: 'pageview', conditions: { path: 'purchase' } }, existing)).toBeUndefined();
    expect(duplicateGoal({ type: 'event', conditions: { event: 'refund' } }, existing)).toBeUndefined();
    expect(
      duplicateGoal({ type: 'event', conditions: { event: 'purchase' } }, existing, 'g2'),
    ).toBeUndefined();
  });
});
