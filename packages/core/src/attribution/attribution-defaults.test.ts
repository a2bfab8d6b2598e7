import { describe, expect, it } from 'vitest';
import {
  defaultAttribution,
  resolveAttribution,
  sameCreditSettings,
  setModelWeights,
  switchModel,
  weightSumError,
  withModelWeights,
} from './attribution-defaults';

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

describe('per-model weights (docs/definitions.md#settings-and-defaults)', () => {
  const a = defaultAttribution();

  it('start as 0.4/0.2/0.4, 0.4/0.2/0.4 and 0.3/0.4/0.3', () => {
    expect(a.settings.modelWeights).toEqual({
      position_based: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
      u_shaped: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
      w_shaped: { firstWeight: 0.3, middleWeight: 0.4, lastWeight: 0.3 },
    });
  });

  it('editing the selected model changes its weights and the triple, no other model', () => {
    const u = setModelWeights(switchModel(a, 'u_shaped'), {
      firstWeight: 0.5,
      middleWeight: 0,
      lastWeight: 0.5,
    });
    expect(u.settings.modelWeights.u_shaped).toEqual({ firstWeight: 0.5, middleWeight: 0, lastWeight: 0.5 });
    expect([u.settings.firstWeight, u.settings.middleWeight, u.settings.lastWeight]).toEqual([0.5, 0, 0.5]);
    expect(u.settings.modelWeights.position_based).toEqual(a.settings.modelWeights.position_based);
    expect(u.settings.modelWeights.w_shaped).toEqual(a.settings.modelWeights.w_shaped);
    const back = switchModel(switchModel(u, 'w_shaped'), 'u_shaped');
    expect(back.settings.middleWeight).toBe(0);
  });

  it('a client triple for a positional model becomes that model’s weights; modelWeights may be left out', () => {
    const { modelWeights: _, ...spec } = {
      ...a.settings,
      firstWeight: 0.6,
      middleWeight: 0.1,
      lastWeight: 0.3,
    };
    const resolved = resolveAttribution(a.settings, { model: 'position_based', window: 30, settings: spec });
    expect(resolved.settings.modelWeights.position_based).toEqual({
      firstWeight: 0.6,
      middleWeight: 0.1,
      lastWeight: 0.3,
    });
    expect(resolved.settings.modelWeights.w_shaped).toEqual(a.settings.modelWeights.w_shaped);
    expect(resolved.window).toBe(30);
  });

  it('modelWeights alone set every model, and the triple follows the selected one', () => {
    const { firstWeight: _f, middleWeight: _m, lastWeight: _l, ...rest } = a.settings;
    const resolved = resolveAttribution(a.settings, {
      model: 'w_shaped',
      window: 90,
      settings: {
        ...rest,
        modelWeights: { w_shaped: { firstWeight: 0.2, middleWeight: 0.6, lastWeight: 0.2 } },
      },
    });
    expect([resolved.settings.firstWeight, resolved.settings.middleWeight]).toEqual([0.2, 0.6]);
    expect(resolved.settings.modelWeights.u_shaped).toEqual(a.settings.modelWeights.u_shaped);
  });

  it('reads settings stored with one shared triple as every positional model having it', () => {
    const { modelWeights: _, ...old } = {
      ...a.settings,
      firstWeight: 0.5,
      middleWeight: 0.1,
      lastWeight: 0.4,
    };
    const read = withModelWeights(old);
    for (const model of ['position_based', 'u_shaped', 'w_shaped'] as const)
      expect(read.modelWeights[model]).toEqual({ firstWeight: 0.5, middleWeight: 0.1, lastWeight: 0.4 });
  });

  it('refuses a sum off by more than 0.01 in any positional model’s weights', () => {
    const bad = {
      ...a,
      settings: {
        ...a.settings,
        modelWeights: {
          ...a.settings.modelWeights,
          w_shaped: { firstWeight: 0.5, middleWeight: 0.5, lastWeight: 0.5 },
        },
      },
    };
    expect(weightSumError(bad)).toBeCloseTo(1.5);
  });
});

describe('recompute triggers (same credit settings)', () => {
  const base = { window: 90, settings: defaultAttribution().settings, crossDevice: false };
  it('holds across a model switch, not across a window, weight, decay or cross-device change', () => {
    expect(
      sameCreditSettings(base, { ...base, settings: switchModel(defaultAttribution(), 'linear').settings }),
    ).toBe(true);
    expect(sameCreditSettings(base, { ...base, window: 30 })).toBe(false);
    expect(sameCreditSettings(base, { ...base, crossDevice: true })).toBe(false);
    expect(sameCreditSettings(base, { ...base, settings: { ...base.settings, decayParameter: 3 } })).toBe(
      false,
    );
    const w = setModelWeights(switchModel(defaultAttribution(), 'w_shaped'), {
      middleWeight: 0.5,
      firstWeight: 0.25,
      lastWeight: 0.25,
    });
    expect(sameCreditSettings(base, { ...base, settings: w.settings })).toBe(false);
  });
});
