import type { Attribution, AttributionModel, AttributionSettings } from '@ocx/contracts';

type Weights = Pick<AttributionSettings, 'firstWeight' | 'middleWeight' | 'lastWeight'>;

/** DESIGN §7: (first, middle, last) defaults of the three position models. */
export const MODEL_WEIGHTS: Partial<Record<AttributionModel, Weights>> = {
  position_based: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
  u_shaped: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
  w_shaped: { firstWeight: 0.3, middleWeight: 0.4, lastWeight: 0.3 },
};

export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 90;
export const DEFAULT_DECAY_DAYS = 7;
export const CUSTOM_WEIGHT_SLOTS = 5;

export function defaultAttribution(): Attribution {
  return {
    model: 'first_touch',
    window: DEFAULT_ATTRIBUTION_WINDOW_DAYS,
    settings: {
      firstWeight: 0.4,
      middleWeight: 0.2,
      lastWeight: 0.4,
      decayParameter: DEFAULT_DECAY_DAYS,
      customWeights: Array.from({ length: CUSTOM_WEIGHT_SLOTS }, () => 1 / CUSTOM_WEIGHT_SLOTS),
    },
  };
}

/** Changing the model seeds that model's default weights (spec §4); other settings are kept. */
export function switchModel(attribution: Attribution, model: AttributionModel): Attribution {
  const weights = MODEL_WEIGHTS[model];
  return { ...attribution, model, settings: { ...attribution.settings, ...weights } };
}

/** Models whose weights must add up to 1 (DESIGN §2 fixes the spec's hyphenated check). */
export function weightsToCheck(attribution: Attribution): number[] | null {
  const { model, settings } = attribution;
  if (model in MODEL_WEIGHTS) return [settings.firstWeight, settings.middleWeight, settings.lastWeight];
  if (model === 'custom_weight') return settings.customWeights;
  return null;
}

export const WEIGHT_SUM_TOLERANCE = 0.01;

/** The sum of the weights when it misses 1 by more than the tolerance, otherwise null. */
export function weightSumError(attribution: Attribution): number | null {
  const weights = weightsToCheck(attribution);
  if (!weights) return null;
  const sum = weights.reduce((total, w) => total + w, 0);
  return Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE ? sum : null;
}

export const MODEL_LABELS: Record<AttributionModel, string> = {
  first_touch: 'First Touch',
  last_touch: 'Last Touch',
  linear: 'Linear',
  time_decay: 'Time Decay',
  position_based: 'Position Based',
  u_shaped: 'U-Shaped',
  w_shaped: 'W-Shaped',
  custom_weight: 'Custom Weight',
};

export const MODEL_DESCRIPTIONS: Record<AttributionModel, string> = {
  first_touch: 'All credit goes to the first touchpoint that brought the visitor.',
  last_touch: 'All credit goes to the last touchpoint before the conversion.',
  linear: 'Credit is split equally across every touchpoint.',
  time_decay: 'Touchpoints closer to the conversion get more credit; credit halves every half-life.',
  position_based: 'First and last touchpoints get fixed shares; the middle share is split evenly.',
  u_shaped: 'Emphasises the first and last touchpoints, with the rest spread over the middle.',
  w_shaped: 'Emphasises first, middle and last touchpoints.',
  custom_weight: 'Your own weights for up to five touchpoints.',
};

/** Whether credits computed with `a` hold for `b`: the model does not matter, every model is stored. */
export function sameCreditSettings(
  a: Pick<Attribution, 'window' | 'settings'>,
  b: Pick<Attribution, 'window' | 'settings'>,
): boolean {
  const x = a.settings;
  const y = b.settings;
  return (
    a.window === b.window &&
    x.firstWeight === y.firstWeight &&
    x.middleWeight === y.middleWeight &&
    x.lastWeight === y.lastWeight &&
    x.decayParameter === y.decayParameter &&
    x.customWeights.length === y.customWeights.length &&
    x.customWeights.every((w, i) => w === y.customWeights[i])
  );
}
