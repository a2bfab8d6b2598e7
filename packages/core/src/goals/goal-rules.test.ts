import { describe, expect, it } from 'vitest';
import { goalConditions, goalRuleError, goalRuleRefusal } from './goal-rules';

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
