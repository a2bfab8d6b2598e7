import { APIError, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { AuthHookContext } from './auth-hooks';

/** Assurance levels (spec §4): aal2 once a second factor was proven in this session. */
export type Aal = 'aal1' | 'aal2';

/** Where a session proves its second factor (the sign-in challenge, or a signed-in step-up). */
export const STEP_UP_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * TOTP factors with backup codes (better-auth's twoFactor plugin). A factor counts only once a
 * code from it was verified: enabling stores it unverified, the first good code verifies it and
 * turns on `twoFactorEnabled` (spec §4 'only verified factors count').
 */
export const secondFactorPlugin = () => twoFactor({ issuer: 'OCX' });

/** Each session remembers its level; better-auth's own sessions table carries it. */
export const sessionAalField = {
  aal: { type: 'string', required: false, defaultValue: 'aal1', input: false },
} as const;

/** A session created by a verified code (the sign-in challenge, or enrolment) starts at aal2. */
export async function levelOfNewSession<S extends Record<string, unknown>>(
  session: S,
  ctx: { path?: string } | null | undefined,
): Promise<{ data: S & { aal: Aal } }> {
  return { data: { ...session, aal: ctx?.path && STEP_UP_PATHS.has(ctx.path) ? 'aal2' : 'aal1' } };
}

/** A signed-in aal1 session (e.g. one that began before enrolment elsewhere) that proves a code becomes aal2. */
export async function stepUpSession(ctx: AuthHookContext): Promise<void> {
  if (!STEP_UP_PATHS.has(ctx.path ?? '') || ctx.context.returned instanceof APIError) return;
  if (ctx.context.newSession) return; // a new session: levelOfNewSession set it
  const current = await getSessionFromCtx(ctx);
  if (current && (current.session as { aal?: string }).aal !== 'aal2') {
    await ctx.context.internalAdapter.updateSession(current.session.token, { aal: 'aal2' });
  }
}

/** The level a user's sessions need: aal2 once they have a verified factor. */
function requiredAal(user: { twoFactorEnabled?: boolean | null }): Aal {
  return user.twoFactorEnabled ? 'aal2' : 'aal1';
}

/** Whether a session may use the app and the API (a verified factor and an aal1 session may not). */
export function meetsAssurance(
  session: { aal?: string | null },
  user: { twoFactorEnabled?: boolean | null },
): boolean {
  return requiredAal(user) === 'aal1' || session.aal === 'aal2';
}
