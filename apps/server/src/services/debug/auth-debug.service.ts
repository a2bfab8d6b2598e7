import {
  type AuthDebug,
  type AuthFactor,
  messages,
  type SignInTest,
  type SignInTestResult,
} from '@ocx/contracts';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../errors';
import type { AuthDebugRepository } from '../../storage/sql/debug/auth-debug.repository';
import type { CurrentUser } from '../access';
import type { Limit } from '../rate-limits';
import type { AuthDiagnosticsSources } from './auth-diagnostics-sources';

/** Checks an email and password the way sign-in does, creating no session (auth/check-credentials.ts). */
export type CredentialChecker = (
  email: string,
  password: string,
) => Promise<{ userId: string; email: string; emailVerified: boolean } | null>;

/**
 * Spec §4: aal1, and aal2 as the next level once a verified factor exists. better-auth opens a
 * session for such a user only after the second factor, so the session is at that level too.
 */
export function assuranceLevels(factors: AuthFactor[]): AuthDebug['assurance'] {
  const level = factors.some((f) => f.verified) ? 'aal2' : 'aal1';
  return { current: level, next: level };
}

/** The auth debug screen: the signed-in user's own auth state, and sign-in tests that change nothing. */
export class AuthDebugService {
  constructor(
    private readonly repository: AuthDebugRepository,
    private readonly sources: AuthDiagnosticsSources,
    private readonly checkCredentials: CredentialChecker,
    private readonly limiter: Limit,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async report(user: CurrentUser): Promise<AuthDebug> {
    const [account, sessions, linkedProviders, factors, configuredProviders, mailTransport, outbox] =
      await Promise.all([
        this.repository.user(user.id),
        this.repository.sessions(user.id, this.clock()),
        this.repository.linkedProviders(user.id),
        this.sources.factors(user.id),
        this.sources.configuredProviders(),
        this.sources.mailTransport(),
        this.sources.outbox(user.id),
      ]);
    if (!account) throw new NotFoundError('User not found');
    return {
      user: account,
      sessions: sessions.map(({ id, ...s }) => ({ ...s, current: id === user.sessionId })),
      assurance: assuranceLevels(factors),
      factors,
      linkedProviders,
      configuredProviders,
      mailTransport,
      outbox,
    };
  }

  /** Whether an email and password would sign in; the caller's session stays exactly as it is. */
  async testSignIn(user: CurrentUser, { email, password }: SignInTest): Promise<SignInTestResult> {
    if (!email.trim() || !password) throw new ValidationError(messages.auth.missingCredentials);
    // As many tests as sign-in attempts (AUTH_RATE_LIMIT a minute), per user: not a password oracle.
    if (!(await this.limiter.allow(user.id, this.clock().getTime()))) {
      throw new TooManyRequestsError('Too many sign-in tests. Please wait a minute and try again.');
    }
    const found = await this.checkCredentials(email.trim(), password);
    if (!found) return { ok: false, error: messages.auth.failed };
    return {
      ok: true,
      email: found.email,
      sameUser: found.userId === user.id,
      emailVerified: found.emailVerified,
    };
  }
}
