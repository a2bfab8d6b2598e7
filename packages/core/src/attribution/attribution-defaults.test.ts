import { describe, expect, it } from 'vitest';
import { defaultAttribution, switchModel, weightSumError } from './attribution-defaults';

describe('attribution defaults', () => {
  it('starts on first touch, a 90-day window, a 7-day half-life and five custom slots of 0.2', () => {
    const attribution = defaultAttribution();
    expect(attribution.model).toBe('first_touch');
    expect(attribution.window).toBe(90);
    expect(attribution.settings.decayParameter).toBe(7);
    expect(attribution.settings.customWeights).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
  });

  it('seeds 0.3 / 0.4 / 0.3 when switching to w_shaped and 0.4 / 0.2 / 0.4 for u_shaped', () => {
    const w = switchModel(defaultAttribution(), 'w_shaped');
    expect([w.settings.firstWeight, w.settings.middleWeight, w.settings.lastWeight]).toEqual([0.3, 0.4, 0.3]);
    const u = switchModel(w, 'u_shaped');
    expect([u.settings.firstWeight, u.settings.middleWeight, u.settings.lastWeight]).toEqual([0.4, 0.2, 0.4]);
  });

  it('keeps the weights when switching to a model that does not use them', () => {
    const w = switchModel(defaultAttribution(), 'w_shaped');
    expect(switchModel(w, 'linear').settings.middleWeight).toBe(0.4);
  });
});

describe('weight sum check', () => {
  const with3 = (model: 'position_based' | 'u_shaped' | 'w_shaped', f: number, m: number, l: number) => {
    const a = defaultAttribution();
    return { ...a, model, settings: { ...a.settings, firstWeight: f, middleWeight: m, lastWeight: l } };
  };

  it.each(['position_based', 'u_shaped', 'w_shaped'] as const)(
    'reports the sum for %s when it is off by more than 0.01',
    (model) => {
      expect(weightSumError(with3(model, 0.5, 0.3, 0.4))).toBeCloseTo(1.2);
      expect(weightSumError(with3(model, 0.4, 0.2, 0.4))).toBeNull();
      expect(weightSumError(with3(model, 0.4, 0.2, 0.405))).toBeNull();
    },
  );

  it('checks the five custom weights for custom_weight', () => {
    const a = defaultAttribution();
    const custom = { ...a, model: 'custom_weight' as const };
    expect(weightSumError(custom)).toBeNull();
    expect(
      weightSumError({
        ...custom,
        settings: { ...a.settings, customWeights: [0.25, 0.25, 0.25, 0.25, 0.25] },
      }),
    ).toBeCloseTo(1.25);
  });

  it('ignores the weights for models that do not use them', () => {
    expect(weightSumError(with3('position_based', 1, 1, 1))).not.toBeNull();
    expect(weightSumError({ ...with3('position_based', 1, 1, 1), model: 'linear' })).toBeNull();
  });
});
