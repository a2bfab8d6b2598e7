import { z } from 'zod';

/**
 * 'none': the tracker keeps its visitor id on the device from the first pageview (the spec's
 * behaviour). 'require': nothing on the device and no persistent id until the visitor consents;
 * before that the server counts a daily-hash visitor (DESIGN §2, §10 Privacy).
 */
export const consentModes = ['none', 'require'] as const;
export const ConsentMode = z.enum(consentModes);
export type ConsentMode = z.infer<typeof ConsentMode>;

export const Privacy = z.object({
  consentMode: ConsentMode,
  /** Do-Not-Track counts as a refusal, like Global Privacy Control always does. */
  respectDnt: z.boolean(),
});
export type Privacy = z.infer<typeof Privacy>;

export const PrivacyInput = Privacy.partial();
export type PrivacyInput = z.infer<typeof PrivacyInput>;
