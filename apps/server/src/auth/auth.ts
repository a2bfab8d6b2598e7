import { messages } from '@ocx/contracts';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import { CLIENT_IP_HEADER } from './auth-messages';

const THIRTY_DAYS_S = 60 * 60 * 24 * 30;

export interface AuthDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  baseURL: string;
  secret: string;
  /** Sign-in and sign-up attempts per minute per client address. */
  rateLimit: number;
  onUserCreated(user: { id: string; email: string }): Promise<void>;
  log(level: 'debug' | 'info' | 'warn' | 'error', message: string, args: unknown[]): void;
}

/** Requests that carry credentials must carry both parts (spec §5). */
const requireCredentials = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-in/email' && ctx.path !== '/sign-up/email') return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (!body.email || !body.password) {
    throw new APIError('BAD_REQUEST', { message: messages.auth.missingCredentials });
  }
  if (ctx.path === '/sign-up/email' && body.acceptTerms !== true) {
    throw new APIError('BAD_REQUEST', { message: messages.auth.termsRequired });
  }
});

export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: 'OCX',
    baseURL: deps.baseURL,
    basePath: '/api/auth',
    secret: deps.secret,
    database: { db: deps.db, type: deps.dialect, transaction: true },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    // 'Remember me' keeps the 30-day session; unticked, better-auth issues a browser-session cookie.
    session: { expiresIn: THIRTY_DAYS_S, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: deps.rateLimit },
        '/sign-up/email': { window: 60, max: deps.rateLimit },
      },
    },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    hooks: { before: requireCredentials },
    databaseHooks: {
      // Runs after the sign-up transaction commits.
      user: { create: { after: async (user) => deps.onUserCreated(user) } },
    },
    telemetry: { enabled: false },
    // better-auth's messages join the server's structured log instead of going to stderr.
    logger: { log: (level, message, ...args) => deps.log(level, message, args) },
  });
}

export type Auth = ReturnType<typeof createAuth>;
