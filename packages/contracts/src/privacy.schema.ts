import { z } from 'zod';

/**
 * 'none': the tracker keeps its visitor id on the device from the first pageview (the spec's
 * behaviour). 'require': nothing on the device and no persistent id until the visitor consents;
 * before that the server counts a daily-hash visitor (docs/privacy.md#the-two-consent-modes).
 */
export const consentModes = ['none', 'require'] as const;
export const ConsentMode = z.enum(consentModes);
export type ConsentMode = z.infer<typeof ConsentMode>;

export const DEFAULT_RETENTION_MONTHS = 25;
export const MIN_RETENTION_MONTHS = 1;
export const MAX_RETENTION_MONTHS = 120;
const RETENTION_MESSAGE = 'Retention must be a whole number of months from 1 to 120';

export const Privacy = z.object({
  consentMode: ConsentMode,
  /** Do-Not-Track counts as a refusal, like Global Privacy Control always does. */
  respectDnt: z.boolean(),
  /** Events, clicks, conversions, credits and deliveries older than this are deleted (rollups stay). */
  retentionMonths: z
    .number({ error: RETENTION_MESSAGE })
    .int(RETENTION_MESSAGE)
    .min(MIN_RETENTION_MONTHS, RETENTION_MESSAGE)
    .max(MAX_RETENTION_MONTHS, RETENTION_MESSAGE),
});
export type Privacy = z.infer<typeof Privacy>;

export const PrivacyInput = Privacy.partial();
export type PrivacyInput = z.infer<typeof PrivacyInput>;
