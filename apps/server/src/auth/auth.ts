import { type ApiTokenRevocationReason, messages } from '@ocx/contracts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '@ocx/core';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { jwt } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { OAuthConfig } from '../config/oauth-config';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import { mailTemplates } from '../services/accounts/mail-templates';
import type { Mail } from '../services/accounts/mailer';
import { type AuthHookContext, hookChain } from './auth-hooks';
import { CLIENT_IP_HEADER } from './auth-messages';
import { accountLinking, oidcPlugins, socialProviders } from './oauth-providers';
import { onlySignInCodes, passwordlessPlugins, UNOFFERED_CODE_PATHS } from './passwordless';
import { levelOfNewSession, secondFactorPlugin, sessionAalField, stepUpSession } from './second-factor';
import { narrowOwingSession, refuseOwingSession } from './second-factor-gate';
import { noteFactorBefore, revokeTokens, revokeTokensOnFactorChange } from './token-revocation';

const THIRTY_DAYS_S = 60 * 60 * 24 * 30;
/** Verification, reset and change-email links work this long. */
const LINK_LIFETIME_S = 60 * 60;
/** A user asks for another verification mail at most this often (per client address). */
const RESEND_COOL_DOWN_S = 60;

interface AuthDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  baseURL: string;
  secret: string;
  /** Sign-in, sign-up, second-factor and password-reset attempts per minute per client address. */
  rateLimit: number;
  /** Google and generic OIDC sign-in (each absent when not configured). */
  oauth: OAuthConfig;
  /** Hands a rendered mail to the mailer; never waits for delivery (nor tells anyone whether an address exists). */
  sendMail(mail: Mail): void;
  /** Deletes every personal access token of a user and notes why (api-token.service.ts); answers how many. */
  revokeApiTokens(userId: string, reason: ApiTokenRevocationReason): Promise<number>;
  log(level: 'debug' | 'info' | 'warn' | 'error', message: string, args: unknown[]): void;
}

/** Requests that carry credentials must carry both parts (spec §5). */
function requireCredentials(ctx: AuthHookContext): void {
  if (ctx.path !== '/sign-in/email' && ctx.path !== '/sign-up/email') return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (!body.email || !body.password) {
    throw new APIError('BAD_REQUEST', { message: messages.auth.missingCredentials });
  }
  if (ctx.path === '/sign-up/email' && body.acceptTerms !== true) {
    throw new APIError('BAD_REQUEST', { message: messages.auth.termsRequired });
  }
}

/** Where a password is chosen, and the body field that carries it. */
const CHOSEN_PASSWORD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * A new password follows the rule the forms check first (packages/core password-rule.ts): at least
 * 10 characters and not one of the common ones. Passwords chosen earlier still sign in.
 */
function requireStrongPassword(ctx: AuthHookContext): void {
  const field = CHOSEN_PASSWORD[ctx.path];
  if (!field) return;
  const password = ((ctx.body ?? {}) as Record<string, unknown>)[field];
  if (typeof password !== 'string') return;
  const problem = passwordProblem(password);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'WEAK_PASSWORD' });
}

/** better-auth's options; auth-schema.test.ts checks the migrations against the same ones. */
export function authOptions(deps: AuthDeps) {
  return {
    appName: 'OCX',
    baseURL: deps.baseURL,
    basePath: '/api/auth',
    secret: deps.secret,
    database: { db: deps.db, type: deps.dialect, transaction: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: LINK_LIFETIME_S,
      // The link opens the web app's reset screen, which posts the token with the new password.
      sendResetPassword: async ({ user, token }) =>
        deps.sendMail(mailTemplates.resetPassword(user, `${deps.baseURL}/reset-password?token=${token}`)),
      revokeSessionsOnPasswordReset: true,
      // The tokens go with the sessions (token-revocation.ts), before the reset answers.
      onPasswordReset: ({ user }) => revokeTokens(deps, user, 'password-reset'),
    },
    // Unverified users may use the app (the web app shows a banner); sign-up sends the first link.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: LINK_LIFETIME_S,
      sendVerificationEmail: async ({ user, url }) => deps.sendMail(mailTemplates.verifyEmail(user, url)),
    },
    socialProviders: socialProviders(deps.oauth),
    // Providers' access and refresh tokens are kept encrypted with the auth secret (OCX never uses them).
    account: { accountLinking, encryptOAuthTokens: true },
    user: {
      // A verified user confirms from the old address first, then verifies the new one.
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) =>
          deps.sendMail(mailTemplates.confirmEmailChange(user, newEmail, url)),
      },
    },
    // 'Remember me' keeps the 30-day session; unticked, better-auth issues a browser-session cookie.
    session: { expiresIn: THIRTY_DAYS_S, updateAge: 60 * 60 * 24, additionalFields: sessionAalField },
    plugins: [
      secondFactorPlugin(),
      ...passwordlessPlugins(deps.sendMail),
      ...oidcPlugins(deps.oauth),
      // Signs JWTs for a session (GET /api/auth/token) and serves the keys at /.well-known/jwks.json.
      // No JWT on every session lookup: scripts use personal access tokens (api-token.service.ts).
      jwt({ disableSettingJwtHeader: true, jwt: { issuer: deps.baseURL, audience: deps.baseURL } }),
    ],
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: deps.rateLimit },
        '/sign-up/email': { window: 60, max: deps.rateLimit },
        '/request-password-reset': { window: 60, max: deps.rateLimit },
        '/reset-password': { window: 60, max: deps.rateLimit },
        '/send-verification-email': { window: RESEND_COOL_DOWN_S, max: 1 },
        // Codes are part of signing in (the plugin also caps tries per challenge and locks the factor).
        '/two-factor/*': { window: 60, max: deps.rateLimit },
        // One-time codes and magic links: asking for one and using one count like sign-ins.
        '/email-otp/*': { window: 60, max: deps.rateLimit },
        '/sign-in/email-otp': { window: 60, max: deps.rateLimit },
        '/sign-in/magic-link': { window: 60, max: deps.rateLimit },
        '/magic-link/verify': { window: 60, max: deps.rateLimit },
        // Starting an OAuth/OIDC sign-in writes a state row; finishing one may create an account.
        '/sign-in/social': { window: 60, max: deps.rateLimit },
        '/callback/*': { window: 60, max: deps.rateLimit },
        // Reading the session proves nothing new (the cookie is the credential) and every screen
        // load does it: under the default 300 a minute per address, an office behind one NAT (or a
        // busy test run) was shown the login page.
        '/get-session': false,
      },
    },
    // An OAuth/OIDC callback whose state is unknown goes back to the login page, which shows the error.
    onAPIError: { errorURL: `${deps.baseURL}/login` },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    // One-time codes OCX does not offer are not routed at all (passwordless.ts).
    disabledPaths: UNOFFERED_CODE_PATHS,
    hooks: {
      before: hookChain(
        requireCredentials,
        requireStrongPassword,
        onlySignInCodes,
        refuseOwingSession,
        noteFactorBefore,
      ),
      // Narrowing answers the session, so it comes last.
      after: hookChain(stepUpSession, revokeTokensOnFactorChange(deps), narrowOwingSession),
    },
    databaseHooks: {
      // A user's organization and owner membership come from a trigger on the user row, inside
      // better-auth's sign-up transaction (migration 0016): its user.create.after hook runs only
      // after that transaction commits.
      session: { create: { before: levelOfNewSession } },
    },
    telemetry: { enabled: false },
    // better-auth's messages join the server's structured log instead of going to stderr.
    logger: {
      log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) =>
        deps.log(level, message, args),
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
