import { z } from 'zod';
import { messages } from './messages';

export const attributionModels = [
  'first_touch',
  'last_touch',
  'linear',
  'time_decay',
  'position_based',
  'u_shaped',
  'w_shaped',
  'custom_weight',
] as const;
export const AttributionModel = z.enum(attributionModels);
export type AttributionModel = z.infer<typeof AttributionModel>;

const weight = z
  .number({ error: messages.config.weightRange })
  .min(0, messages.config.weightRange)
  .max(1, messages.config.weightRange);

export const AttributionSettings = z.object({
  firstWeight: weight,
  middleWeight: weight,
  lastWeight: weight,
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
