import { z } from 'zod';
import { attributionModels, type positionalModels } from './constants';
import { messages } from './messages';

export const AttributionModel = z.enum(attributionModels);
export type AttributionModel = z.infer<typeof AttributionModel>;

const weight = z
  .number({ error: messages.config.weightRange })
  .min(0, messages.config.weightRange)
  .max(1, messages.config.weightRange);

export type PositionalModel = (typeof positionalModels)[number];

export const PositionWeights = z.object({ firstWeight: weight, middleWeight: weight, lastWeight: weight });
export type PositionWeights = z.infer<typeof PositionWeights>;

/** Every positional model's own weights: editing one never changes another's (docs/definitions.md#settings-and-defaults). */
export const ModelWeights = z.object({
  position_based: PositionWeights,
  u_shaped: PositionWeights,
  w_shaped: PositionWeights,
});
export type ModelWeights = z.infer<typeof ModelWeights>;

export const AttributionSettings = z.object({
  /** The selected model's weights (the spec's shape); a mirror of modelWeights for positional models. */
  firstWeight: weight,
  middleWeight: weight,
  lastWeight: weight,
  modelWeights: ModelWeights,
  decayParameter: z
    .number({ error: messages.config.decayRange })
    .min(1, messages.config.decayRange)
    .max(30, messages.config.decayRange),
  customWeights: z.array(weight).length(5, 'Custom weights need exactly 5 touch slots'),
});
export type AttributionSettings = z.infer<typeof AttributionSettings>;

export const Attribution = z.object({
  model: AttributionModel,
  window: z
    .number({ error: messages.config.windowRange })
    .int(messages.config.windowRange)
    .min(1, messages.config.windowRange)
    .max(365, messages.config.windowRange),
  settings: AttributionSettings,
});
export type Attribution = z.infer<typeof Attribution>;

/**
 * What a client may send (docs/decisions.md#fixed-interfaces): the selected model's triple, modelWeights, or both; the
 * server fills what is missing from the stored settings.
 */
export const AttributionSettingsInput = AttributionSettings.extend({
  firstWeight: weight.optional(),
  middleWeight: weight.optional(),
  lastWeight: weight.optional(),
  modelWeights: ModelWeights.partial().optional(),
});
export type AttributionSettingsInput = z.infer<typeof AttributionSettingsInput>;

export const AttributionInput = Attribution.extend({ settings: AttributionSettingsInput });
export type AttributionInput = z.infer<typeof AttributionInput>;

/** One number per model, e.g. a touchpoint's credit under each. */
export type PerModel = Record<AttributionModel, number>;
