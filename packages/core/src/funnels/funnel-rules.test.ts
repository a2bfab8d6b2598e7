import { describe, expect, it } from 'vitest';
import { funnelName, funnelStepsError, normalizeFunnelSteps } from './funnel-rules';

describe('funnel rules', () => {
  it('needs at least one step and at most twenty', () => {
    expect(funnelStepsError([])).toBe('A funnel needs at least 1 step');
    const many = Array.from({ length: 21 }, () => ({ conditions: { path: '/' } }));
    expect(funnelStepsError(many)).toBe('A funnel can have at most 20 steps');
    expect(funnelStepsError(many.slice(1))).toBeNull();
  });

  it('needs exactly one condition per step and names the failing step', () => {
    expect(funnelStepsError([{ conditions: { path: '/a' } }, { conditions: { path: '  ' } }])).toBe(
      'Step 2 needs a URL path or a CSS selector',
    );
    expect(funnelStepsError([{ conditions: { path: '/a', selector: '#b' } }])).toBe(
      'Step 1 matches either a URL path or a CSS selector, not both',
    );
  });

  it('renumbers steps, trims conditions, names unnamed steps and defaults the funnel name', () => {
    expect(
      normalizeFunnelSteps([
        { id: 'x', name: ' Landing ', order: 7, conditions: { path: ' /pricing ' } },
        { order: 2, conditions: { selector: ' #buy ', path: '' } },
      ]),
    ).toEqual([
      { id: 'x', name: 'Landing', order: 1, conditions: { path: '/pricing' } },
      { id: undefined, name: 'Step 2', order: 2, conditions: { selector: '#buy' } },
    ]);
    expect(funnelName('  ')).toBe('New Funnel');
    expect(funnelName(' Checkout ')).toBe('Checkout');
  });
});
