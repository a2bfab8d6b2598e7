import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from './text.schema';

/** A personal access token as the profile lists it; the secret itself is shown once, at creation. */
export interface ApiToken {
  id: string;
  name: string;
  /** The first characters, to tell tokens apart. */
  prefix: string;
  /** Read-only: scripts read the Application API with it, never change anything. */
  scope: 'read';
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export interface NewApiTokenResult extends ApiToken {
  token: string;
}

export const NewApiToken = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the token')
    .max(100, 'At most 100 characters')
    .refine(hasNoNul, NUL_MESSAGE),
  expiresInDays: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)])
    .nullable()
    .default(30),
});

export const ApiTokenParams = z.object({ id: z.string().min(1).max(64) });

/** Why OCX revoked every token of a user at once: the sign-in the tokens were made under changed. */
export type ApiTokenRevocationReason = 'password-reset' | 'second-factor-enrolled' | 'second-factor-removed';

/** The last time OCX revoked a user's tokens (the profile shows it; a mail said it too). */
export interface ApiTokenRevocation {
  revokedAt: string;
  reason: ApiTokenRevocationReason;
  /** How many tokens went. */
  count: number;
}

/** The end of "Your tokens were revoked because …", in the mail and on the profile. */
export const TOKEN_REVOCATION_REASONS: Record<ApiTokenRevocationReason, string> = {
  'password-reset': 'your password was reset',
  'second-factor-enrolled': 'two-factor authentication was turned on',
  'second-factor-removed': 'two-factor authentication was turned off',
};
