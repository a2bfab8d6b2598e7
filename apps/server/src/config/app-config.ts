import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type BillingConfig, billingConfig } from './billing-config';
import { ConfigError } from './config-error';
import { Env } from './env.schema';
import { type OAuthConfig, oauthConfig } from './oauth-config';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };
  /** Redis that several app servers share (limits, hash visitor sessions); null: each in its own memory. */
  redisUrl: string | null;
  /** The events' ClickHouse (CLICKHOUSE_URL), or null: events live in the SQL database. */
  clickhouse: { url: string; database?: string } | null;
  publicUrl: string;
  /** false, a hop count, or the proxies' addresses and ranges (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  authSecret: string;
  authRateLimit: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | null;
  trackerDist: string | null;
  trackerScriptPath: string;
  collectPath: string;
  collectRateLimit: number;
  postbackRetryBaseMs: number;
  postbackAllowPrivate: boolean;
  /** What visits are located with (see GEO_LOCATION). */
  geoLocation: 'city' | 'country';
  /** Bearer token that reads /api/health's details; null: the operators only. */
  healthToken: string | null;
  /** The instance operators' addresses (OCX_ADMIN_EMAILS), lower-cased; they see instance-wide figures. */
  adminEmails: string[];
  /** smtpUrl null: mail goes to the log and the dev outbox. */
  mail: { smtpUrl: string | null; from: string };
  /** Google and generic OIDC sign-in, each null when not configured. */
  oauth: OAuthConfig;
  /** The Terms of Service and Privacy Policy the sign-up form links (TERMS_URL, PRIVACY_URL, or the app's pages). */
  legal: { termsUrl: string; privacyUrl: string };
  /** Stripe billing; null: self-hosted, no limits. */
  billing: BillingConfig | null;
}

export { ConfigError };

/** Reads and checks the environment; the auth secret is generated once and kept in DATA_DIR. */
interface DefaultPaths {
  webDist: string | null;
  trackerDist: string | null;
}

export function loadConfig(
  env: NodeJS.ProcessEnv,
  defaults: DefaultPaths = { webDist: null, trackerDist: null },
): AppConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // The data directory holds the database and the auth secret: this user's only.
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: join(dataDir, 'ocx.sqlite') },
    redisUrl: e.REDIS_URL ?? null,
    clickhouse: e.CLICKHOUSE_URL ? { url: e.CLICKHOUSE_URL } : null,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET ?? persistedSecret(dataDir),
    authRateLimit: e.AUTH_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaults.webDist,
    trackerDist: e.TRACKER_DIST ? resolve(e.TRACKER_DIST) : defaults.trackerDist,
    trackerScriptPath: e.TRACKER_SCRIPT_PATH,
    collectPath: e.COLLECT_PATH.replace(/\/+$/, ''),
    collectRateLimit: e.COLLECT_RATE_LIMIT,
    postbackRetryBaseMs: e.POSTBACK_RETRY_BASE_MS,
    postbackAllowPrivate: e.POSTBACK_ALLOW_PRIVATE,
    geoLocation: e.GEO_LOCATION,
    healthToken: e.HEALTH_TOKEN ?? null,
    adminEmails: e.OCX_ADMIN_EMAILS,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? defaultSender(publicUrl) },
    oauth: oauthConfig(e),
    legal: { termsUrl: e.TERMS_URL ?? '/terms', privacyUrl: e.PRIVACY_URL ?? '/privacy' },
    billing: billingConfig(e),
  };
}

/** OCX <no-reply@host of PUBLIC_URL>; 'localhost' gets a domain mail servers accept. */
function defaultSender(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `OCX <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`;
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length < 32)
      throw new ConfigError(
        `${file} holds ${kept.length} characters; a secret needs at least 32. Delete the file to have a new one generated (everyone is signed out), or set AUTH_SECRET.`,
      );
    chmodSync(file, 0o600);
    return kept;
  }
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
