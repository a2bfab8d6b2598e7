import { messages } from '@ocx/contracts';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { AuthHookContext } from './auth-hooks';
import { meetsAssurance, STEP_UP_PATHS } from './second-factor';

/**
 * What a session that still owes its second factor (aal1 with a verified factor) may do here:
 * prove the factor, or sign out. Not the factor's management (get-totp-uri, backup codes, disable
 * with the password would let the password stand in for the factor), not the session's data.
 */
const OPEN_TO_OWING = new Set([
  ...STEP_UP_PATHS,
  '/sign-out',
  // The web app asks it which screen to show; the answer is narrowed below.
  '/get-session',
  // A mailed token is the credential here, not the session, and the web app's reset screen is open
  // to a browser that has one (a reset signs every session out anyway).
  '/reset-password',
  '/verify-email',
]);

interface SessionAnswer {
  session: { aal?: string | null };
  user: { twoFactorEnabled?: boolean | null };
}

/** hooks.before: every other endpoint, better-auth's and its plugins' alike, refuses such a session. */
export async function refuseOwingSession(ctx: AuthHookContext): Promise<void> {
  if (OPEN_TO_OWING.has(ctx.path ?? '')) return;
  // better-auth types the session without OCX's `aal` field and the user without the plugin's flag.
  const current = (await getSessionFromCtx(ctx)) as SessionAnswer | null;
  if (current && !meetsAssurance(current.session, current.user)) {
    throw new APIError('FORBIDDEN', { message: messages.auth.secondFactorRequired });
  }
}

/**
 * hooks.after: GET /get-session stays open to such a session because the web app reads it to show
 * the two-factor screen instead of the app (auth/route-guards.tsx). That screen needs only the two
 * fields it tests; the user's address, name, ids and the session token stay behind until the code.
 * The server's own lookups (auth.api.getSession, no request) get the whole session: requireUser
 * judges the level from it.
 */
export function narrowOwingSession(ctx: AuthHookContext): unknown {
  if (ctx.path !== '/get-session' || !ctx.request) return undefined;
  const answer = ctx.context.returned as SessionAnswer | null | undefined;
  if (!answer || typeof answer !== 'object' || !('session' in answer)) return undefined;
  if (meetsAssurance(answer.session, answer.user)) return undefined;
  return ctx.json({ session: { aal: 'aal1' }, user: { twoFactorEnabled: true } });
}
