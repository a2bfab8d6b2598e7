import type { AuthDebug, AuthFactor } from '@ocx/contracts';
import type { AppConfig } from '../../config/app-config';
import type { AuthDebugRepository } from '../../storage/debug/auth-debug.repository';
import type { Mailer } from '../accounts/mailer';
import { configuredProviders } from '../accounts/sign-in-providers';

/**
 * Where the auth debug screen learns what the account features know: second factors, sign-in
 * methods the server offers, how it sends mail and what it sent.
 */
export interface AuthDiagnosticsSources {
  /** The user's second factors; only verified ones raise the assurance level (spec §4). */
  factors(userId: string): Promise<AuthFactor[]>;
  /** Sign-in methods this server offers. */
  configuredProviders(): Promise<AuthDebug['configuredProviders']>;
  mailTransport(): Promise<AuthDebug['mailTransport']>;
  /** Mail the dev outbox holds for this user, newest first (none when mail goes over SMTP). */
  outbox(userId: string): Promise<AuthDebug['outbox']>;
}

/** The account features' answers: better-auth's twoFactor rows, the configured providers, the mailer. */
export function accountAuthSources(
  repository: Pick<AuthDebugRepository, 'totpFactors'>,
  mailer: Mailer,
  config: AppConfig,
): AuthDiagnosticsSources {
  return {
    factors: (userId) => repository.totpFactors(userId),
    configuredProviders: async () => configuredProviders(config),
    mailTransport: async () => {
      const description = mailer.transportName();
      return { kind: description.startsWith('smtp') ? 'smtp' : 'log', description };
    },
    outbox: async (userId) =>
      (mailer.outbox(userId) ?? []).map(({ to, subject, sentAt }) => ({ to, subject, sentAt })),
  };
}
