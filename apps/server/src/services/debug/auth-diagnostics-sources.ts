import type { AuthDebug, AuthFactor } from '@ocx/contracts';
import type { AuthDebugRepository } from '../../storage/sql/debug/auth-debug.repository';

/**
 * Where the auth debug screen learns what the account features know: second factors, sign-in
 * methods the server offers, how it sends mail and what it sent. The account features (mail,
 * TOTP, one-time codes, OIDC) provide these; until they are wired in, currentAuthSources answers.
 */
export interface AuthDiagnosticsSources {
  /** The user's second factors; only verified ones raise the assurance level (spec §4). */
  factors(userId: string): Promise<AuthFactor[]>;
  /** Sign-in methods this server offers. */
  configuredProviders(): Promise<AuthDebug['configuredProviders']>;
  mailTransport(): Promise<AuthDebug['mailTransport']>;
  /** Mail the dev outbox holds for this address, newest first. */
  outbox(userEmail: string): Promise<AuthDebug['outbox']>;
}

/**
 * What exists today: factors from better-auth's `twoFactor` table once it exists (none before),
 * email and password as the only sign-in method, no mail transport and so nothing sent.
 */
export function currentAuthSources(
  repository: Pick<AuthDebugRepository, 'totpFactors'>,
): AuthDiagnosticsSources {
  return {
    factors: (userId) => repository.totpFactors(userId),
    configuredProviders: async () => [{ id: 'credential', name: 'Email and password' }],
    mailTransport: async () => ({ kind: 'none', description: 'None configured: this server sends no mail' }),
    outbox: async () => [],
  };
}
