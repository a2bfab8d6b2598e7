import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from './text.schema';

export interface ApiKey {
  id: string;
  name: string;
  /** The first characters, to tell keys apart; the secret itself is shown once, at creation. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface NewApiKeyResult {
  id: string;
  key: string;
  name: string;
  prefix: string;
  createdAt: string;
}

export const NewApiKey = z.object({
  name: z.string().trim().max(100, 'At most 100 characters').default('API key'),
});

export const ApiKeyParams = z.object({ id: z.string().min(1).max(64), keyId: z.string().min(1).max(64) });

/** POST /api/v1/conversions (docs/decisions.md#fixed-interfaces), authorised by a website API key. */
export const S2SConversion = z
  .object({
    goal: z
      .string({ error: 'goal is required' })
      .trim()
      .min(1, 'goal is required')
      .max(200)
      .refine(hasNoNul, `goal ${NUL_MESSAGE}`),
    value: z.number().finite().min(0).max(1e12).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter code')
      .optional(),
    conversionType: z.enum(['revenue', 'lead', 'standard']).optional(),
    visitorId: z.string().min(1).max(64).refine(hasNoNul, `visitorId ${NUL_MESSAGE}`).optional(),
    clickId: z.string().min(1).max(512).refine(hasNoNul, `clickId ${NUL_MESSAGE}`).optional(),
    ocxid: z.string().min(1).max(64).refine(hasNoNul, `ocxid ${NUL_MESSAGE}`).optional(),
    dedupeKey: z.string().min(1).max(200).refine(hasNoNul, `dedupeKey ${NUL_MESSAGE}`).optional(),
    ts: z.number().int().nonnegative().optional(),
  })
  .refine((c) => c.visitorId || c.clickId || c.ocxid, {
    message: 'one of visitorId, clickId or ocxid is required',
    path: ['visitorId'],
  });
export type S2SConversion = z.infer<typeof S2SConversion>;

export interface PostbackDelivery {
  id: string;
  conversionId: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}
