/** The header carrying the client address (Fastify's req.ip, which honours TRUST_PROXY) to better-auth's rate limiter. */
export const CLIENT_IP_HEADER = 'x-ocx-client-ip';

/** What crosses between the HTTP thread and the auth thread (plain, cloneable data). */
export type AuthRequest =
  | { kind: 'handle'; method: string; url: string; headers: [string, string][]; body: string | null }
  | { kind: 'session'; headers: [string, string][] }
  | { kind: 'checkCredentials'; email: string; password: string }
  | { kind: 'verifyPassword'; headers: [string, string][]; password: string };

export interface HandledResponse {
  status: number;
  headers: [string, string][];
  cookies: string[];
  body: string | null;
}

/** The signed-in user; `secondFactorMissing`: a verified factor exists but this session is aal1. */
export type SessionUser = {
  id: string;
  email: string;
  sessionId: string;
  aal: import('./second-factor').Aal;
  secondFactorMissing: boolean;
} | null;

/** The account an email and password belong to, checked the way sign-in checks them; no session made. */
export type CheckedCredentials = { userId: string; email: string; emailVerified: boolean } | null;

export interface AuthWorkerData {
  database: import('../config/app-config').AppConfig['database'];
  baseURL: string;
  secret: string;
  rateLimit: number;
  oauth: import('../config/oauth-config').OAuthConfig;
}

export interface AuthLog {
  log: { level: 'debug' | 'info' | 'warn' | 'error'; message: string; args: unknown[] };
}

/** A rendered mail the auth thread asks the HTTP thread's mailer to send. */
export interface AuthMail {
  mail: import('../services/accounts/mailer').Mail;
}
