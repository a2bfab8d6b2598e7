import type {
  Attribution,
  AttributionInput,
  AttributionModel,
  AttributionSettings,
  ModelWeights,
  PositionalModel,
  PositionWeights,
} from '@ocx/contracts';
import { positionalModels } from '@ocx/contracts';

/** docs/definitions.md#settings-and-defaults: (first, middle, last) defaults of the three position models. */
export const MODEL_WEIGHTS: ModelWeights = {
  position_based: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
  u_shaped: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
  w_shaped: { firstWeight: 0.3, middleWeight: 0.4, lastWeight: 0.3 },
};

export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 90;
export const DEFAULT_DECAY_DAYS = 7;
export const CUSTOM_WEIGHT_SLOTS = 5;

export function isPositionalModel(model: AttributionModel): model is PositionalModel {
  return (positionalModels as readonly string[]).includes(model);
}

const triple = (w: PositionWeights): PositionWeights => ({
  firstWeight: w.firstWeight,
  middleWeight: w.middleWeight,
  lastWeight: w.lastWeight,
});

export function defaultModelWeights(): ModelWeights {
  return {
    position_based: triple(MODEL_WEIGHTS.position_based),
    u_shaped: triple(MODEL_WEIGHTS.u_shaped),
    w_shaped: triple(MODEL_WEIGHTS.w_shaped),
  };
}

export function defaultAttribution(): Attribution {
  return {
    model: 'first_touch',
    window: DEFAULT_ATTRIBUTION_WINDOW_DAYS,
    settings: {
      // Spec §9: the configuration's own defaults, shown until a positional model is chosen.
      firstWeight: 0.4,
      middleWeight: 0.2,
      lastWeight: 0.4,
      modelWeights: defaultModelWeights(),
      decayParameter: DEFAULT_DECAY_DAYS,
      customWeights: Array.from({ length: CUSTOM_WEIGHT_SLOTS }, () => 1 / CUSTOM_WEIGHT_SLOTS),
    },
  };
}

/**
 * Settings as stored before each positional model had its own weights (one shared triple): every
 * positional model gets the stored triple, which is what its credits were computed with. Newer
 * settings come back unchanged, with anything missing filled from the defaults.
 */
export function withModelWeights(stored: Partial<AttributionSettings>): AttributionSettings {
  const base = defaultAttribution().settings;
  const shared =
    stored.firstWeight !== undefined && stored.middleWeight !== undefined && stored.lastWeight !== undefined
      ? triple(stored as PositionWeights)
      : null;
  const modelWeights = stored.modelWeights ?? {
    position_based: shared ?? base.modelWeights.position_based,
    u_shaped: shared ?? base.modelWeights.u_shaped,
    w_shaped: shared ?? base.modelWeights.w_shaped,
  };
  return { ...base, ...stored, modelWeights };
}

/** The triple a screen shows for a model: its own weights for a positional model, else `fallback`. */
function shownWeights(model: AttributionModel, weights: ModelWeights, fallback: PositionWeights) {
  return triple(isPositionalModel(model) ? weights[model] : fallback);
}

/**
 * A client's attribution (docs/decisions.md#fixed-interfaces) over the stored one: modelWeights and the selected model's
 * triple may each be left out; a triple sent for a positional model becomes that model's weights.
 */
export function resolveAttribution(stored: AttributionSettings, input: AttributionInput): Attribution {
  const { modelWeights: sentWeights, firstWeight, middleWeight, lastWeight, ...rest } = input.settings;
  const modelWeights: ModelWeights = { ...stored.modelWeights, ...sentWeights };
  const sent =
    firstWeight !== undefined && middleWeight !== undefined && lastWeight !== undefined
      ? { firstWeight, middleWeight, lastWeight }
      : null;
  if (sent && isPositionalModel(input.model)) modelWeights[input.model] = sent;
  const fallback = sent ?? triple(stored);
  return {
    model: input.model,
    window: input.window,
    settings: { ...rest, ...shownWeights(input.model, modelWeights, fallback), modelWeights },
  };
}

/**
 * Changing the model shows that model's own weights (docs/definitions.md#settings-and-defaults: each positional model keeps its
 * own); other settings are kept.
 */
export function switchModel(attribution: Attribution, model: AttributionModel): Attribution {
  const { settings } = attribution;
  return {
    ...attribution,
    model,
    settings: { ...settings, ...shownWeights(model, settings.modelWeights, triple(settings)) },
  };
}

/** Edits the selected model's weights: its entry in modelWeights and the triple that mirrors it. */
export function setModelWeights(attribution: Attribution, patch: Partial<PositionWeights>): Attribution {
  const { model, settings } = attribution;
  const next = { ...triple(settings), ...patch };
  const modelWeights = isPositionalModel(model)
    ? { ...settings.modelWeights, [model]: next }
    : settings.modelWeights;
  return { ...attribution, settings: { ...settings, ...next, modelWeights } };
}

/** Models whose weights must add up to 1 (docs/decisions.md#differences-from-the-original-product-description fixes the spec's hyphenated check). */
export function weightsToCheck(attribution: Attribution): number[] | null {
  const { model, settings } = attribution;
  if (isPositionalModel(model)) return [settings.firstWeight, settings.middleWeight, settings.lastWeight];
  if (model === 'custom_weight') return settings.customWeights;
  return null;
}

export const WEIGHT_SUM_TOLERANCE = 0.01;

const sumOff = (weights: number[]): number | null => {
  const sum = weights.reduce((total, w) => total + w, 0);
  return Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE ? sum : null;
};

/**
 * The sum of the selected model's weights when it misses 1 by more than the tolerance, else the
 * sum of any other positional model's weights that misses it (a client can send all three), else
 * null.
 */
export function weightSumError(attribution: Attribution): number | null {
  const weights = weightsToCheck(attribution);
  const selected = weights ? sumOff(weights) : null;
  if (selected !== null) return selected;
  for (const model of positionalModels) {
    const w = attribution.settings.modelWeights[model];
    const off = sumOff([w.firstWeight, w.middleWeight, w.lastWeight]);
    if (off !== null) return off;
  }
  return null;
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

/** What a conversion's credits depend on, besides its path: one attribution version's settings. */
export interface CreditSettings {
  window: number;
  settings: AttributionSettings;
  /** Touchpoints of every visitor linked to the same user id count (cross-device tracking). */
  crossDevice: boolean;
}

const sameNumbers = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const weightList = (w: ModelWeights) =>
  positionalModels.flatMap((m) => [w[m].firstWeight, w[m].middleWeight, w[m].lastWeight]);

/**
 * Whether credits computed with `a` hold for `b` (docs/definitions.md#recomputation recompute triggers: the window, any
 * model's weights, the decay, cross-device tracking). The selected model does not matter: every
 * model is stored.
 */
export function sameCreditSettings(a: CreditSettings, b: CreditSettings): boolean {
  return (
    a.window === b.window &&
    a.crossDevice === b.crossDevice &&
    a.settings.decayParameter === b.settings.decayParameter &&
    sameNumbers(weightList(a.settings.modelWeights), weightList(b.settings.modelWeights)) &&
    sameNumbers(a.settings.customWeights, b.settings.customWeights)
  );
}
