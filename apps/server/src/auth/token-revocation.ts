import type { ApiTokenRevocationReason } from '@ocx/contracts';
import { getSessionFromCtx } from 'better-auth/api';
import { mailTemplates, type Recipient } from '../services/accounts/mail-templates';
import type { Mail } from '../services/accounts/mailer';
import type { AuthHookContext } from './auth-hooks';

interface TokenRevocationDeps {
  baseURL: string;
  /** Deletes every personal access token of the user and notes why; answers how many went. */
  revokeApiTokens(userId: string, reason: ApiTokenRevocationReason): Promise<number>;
  sendMail(mail: Mail): void;
}

/**
 * Personal access tokens were made under a sign-in that has just changed: they go with the
 * sessions, and the user is told by mail when there were any (the profile shows it too).
 */
export async function revokeTokens(
  deps: TokenRevocationDeps,
  user: Recipient,
  reason: ApiTokenRevocationReason,
): Promise<void> {
  const count = await deps.revokeApiTokens(user.id, reason);
  if (count > 0) deps.sendMail(mailTemplates.tokensRevoked(user, reason, count, `${deps.baseURL}/profile`));
}

/** Endpoints that may turn the factor on (its first good code) or off. */
const FACTOR_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
]);

/** Whether the signed-in user had a verified factor when a factor request came in, by request. */
const factorBefore = new WeakMap<Request, { user: Recipient; enabled: boolean }>();

/** hooks.before: notes the factor's state ahead of a request that may change it. */
export async function noteFactorBefore(ctx: AuthHookContext): Promise<void> {
  if (!ctx.request || !FACTOR_PATHS.has(ctx.path ?? '')) return;
  const current = await getSessionFromCtx(ctx);
  if (!current) return; // the sign-in challenge: the factor is proven, not changed
  const user = current.user as { id: string; email: string; twoFactorEnabled?: boolean | null };
  factorBefore.set(ctx.request, {
    user: { id: user.id, email: user.email },
    enabled: user.twoFactorEnabled === true,
  });
}

/**
 * hooks.after: when the request turned the factor on (enrolment's first good code) or off, the
 * tokens go. Compared with the stored user, so a step-up, a wrong code or a user without a factor
 * 'removing' it revokes nothing.
 */
export function revokeTokensOnFactorChange(deps: TokenRevocationDeps) {
  return async (ctx: AuthHookContext): Promise<void> => {
    const before = ctx.request ? factorBefore.get(ctx.request) : undefined;
    if (!ctx.request || !before) return;
    factorBefore.delete(ctx.request);
    const now = (await ctx.context.internalAdapter.findUserById(before.user.id)) as {
      twoFactorEnabled?: boolean | null;
    } | null;
    const enabled = now?.twoFactorEnabled === true;
    if (enabled === before.enabled) return;
    await revokeTokens(deps, before.user, enabled ? 'second-factor-enrolled' : 'second-factor-removed');
  };
}
