import {
  type AuthDebug,
  type AuthFactor,
  messages,
  type SignInTest,
  type SignInTestResult,
} from '@ocx/contracts';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../errors';
import type { AuthDebugRepository } from '../../storage/debug/auth-debug.repository';
import type { CurrentUser } from '../platform/access';
import type { Limit, RateLimits } from '../platform/rate-limits';
import type { AuthDiagnosticsSources } from './auth-diagnostics-sources';

/** Tests of one target address a minute, whoever asks: a guesser cannot spread over accounts and networks. */
export const SIGN_IN_TESTS_PER_ADDRESS = 5;

/** Where sign-in tests are counted: per client (its account and its network address) and per target address. */
interface SignInTestLimits {
  perClient: Limit;
  perAddress: Limit;
}

/** Sliding minutes, shared by the app servers through Redis when configured; a client gets AUTH_RATE_LIMIT. */
export function signInTestLimits(limits: RateLimits, perClientPerMinute: number): SignInTestLimits {
  return {
    perClient: limits.sliding('auth-debug-client', perClientPerMinute),
    perAddress: limits.sliding('auth-debug-address', SIGN_IN_TESTS_PER_ADDRESS),
  };
}

const TOO_MANY_FROM_CLIENT = 'Too many sign-in tests. Please wait a minute and try again.';
const TOO_MANY_FOR_ADDRESS = 'Too many sign-in tests for this address. Please wait a minute and try again.';

/** Checks an email and password the way sign-in does, creating no session (auth/check-credentials.ts). */
export interface CredentialChecker {
  checkCredentials(
    email: string,
    password: string,
  ): Promise<{ userId: string; email: string; emailVerified: boolean } | null>;
}

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
    private readonly credentials: CredentialChecker,
    private readonly limits: SignInTestLimits,
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

  /**
   * Whether an email and password would sign in, and nothing the sign-in screen would not say (not
   * whose account it is, nor whether its address is verified); the caller's session stays as it is.
   * `clientAddress`: the request's network address, grouped as the collect limit groups it.
   */
  async testSignIn(
    user: CurrentUser,
    { email, password }: SignInTest,
    clientAddress: string,
  ): Promise<SignInTestResult> {
    const target = email.trim().toLowerCase();
    if (!target || !password) throw new ValidationError(messages.auth.missingCredentials);
    const now = this.clock().getTime();
    const { perClient, perAddress } = this.limits;
    // Checked in turn: a client over its allowance spends none of the target address's.
    if (
      !(await perClient.allow(`user:${user.id}`, now)) ||
      !(await perClient.allow(`ip:${clientAddress}`, now))
    )
      throw new TooManyRequestsError(TOO_MANY_FROM_CLIENT);
    if (!(await perAddress.allow(target, now))) throw new TooManyRequestsError(TOO_MANY_FOR_ADDRESS);
    const found = await this.credentials.checkCredentials(target, password);
    return found ? { ok: true } : { ok: false, error: messages.auth.failed };
  }
}
