import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** proxy-addr's names for whole ranges, allowed in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: off (false, 0, no, empty); a hop count (true and yes mean 1: the proxy in front);
 * or the proxies' addresses and ranges, comma-separated (`10.0.0.0/8,fd00::/8`). Only that many
 * X-Forwarded-For entries, or those added by the listed proxies, are believed; what a client
 * writes in the header itself never becomes its address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? '').trim().toLowerCase();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (value === 'true' || value === 'yes') return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 100) return hops;
    }
    const list = value.split(',').map((entry) => entry.trim());
    const bad = list.find((e) => !PROXY_RANGE_NAMES.has(e) && !ipaddr.isValid(e) && !ipaddr.isValidCIDR(e));
    if (bad === undefined) return list;
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be false, a hop count (true = 1) or proxy addresses and ranges like 10.0.0.0/8 (not '${bad}')`,
    });
    return z.NEVER;
  });

/** Plain enough for an address list: one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/**
 * OCX_ADMIN_EMAILS: the instance operators' addresses, comma-separated, compared without case;
 * empty or unset: none. Each must look like an address, so a typo is not silently nobody.
 */
const adminEmails = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const list = (raw ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== '');
    const bad = list.find((entry) => !EMAIL.test(entry));
    if (bad === undefined) return [...new Set(list)];
    ctx.addIssue({
      code: 'custom',
      message: `OCX_ADMIN_EMAILS must be email addresses separated by commas, like ops@example.com,cto@example.com (not '${bad}')`,
    });
    return z.NEVER;
  });

/** An optional value where an empty one counts as unset. */
const optionalText = z
  .string()
  .trim()
  .max(2000)
  .optional()
  .transform((v) => (v ? v : undefined));

const urlPath = z.string().regex(/^\/[A-Za-z0-9._~/-]{1,100}$/, 'must be a path like /t.js');

/** Everything the server reads from the environment (README, Configuration). */
export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Shared limits and hash visitor sessions for several app servers (redis:// or rediss://). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Moves the events to ClickHouse (http(s)://user:password@host:8123/database); metadata stays in the SQL database. */
  CLICKHOUSE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: trustProxy,
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  /** Sign-in and sign-up attempts per minute per client address. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Where the tracker script and the collect endpoint live; rename them to dodge ad-block lists. */
  TRACKER_SCRIPT_PATH: urlPath.default('/t.js'),
  COLLECT_PATH: urlPath.default('/api/collect'),
  /** Collect requests per minute per client address. */
  COLLECT_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(1200),
  /** First postback retry after this many ms; each later one waits twice as long (8 tries in all). */
  POSTBACK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(86_400_000).default(60_000),
  /**
   * Where visits are located: `city` (DB-IP Lite city: country, region and city; about 135 MB of
   * memory once both address families arrived) or `country` (about 8 MB; no region or city).
   */
  GEO_LOCATION: z.enum(['city', 'country']).default('city'),
  /** Let postbacks reach loopback and private networks (off: a postback URL cannot probe the server's network). */
  POSTBACK_ALLOW_PRIVATE: flag,
  /** Lets monitoring read /api/health's details (versions, counters) with `Authorization: Bearer <token>`. */
  HEALTH_TOKEN: z
    .string()
    .min(16, 'HEALTH_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The instance's operators: signed in with one of these addresses (verified), a user also sees
   * /api/health's details and the whole server on the Database Debug screen.
   */
  OCX_ADMIN_EMAILS: adminEmails,
  /** Outgoing mail server, `smtp://user:pass@host:587` or `smtps://…:465`; without it mail goes to the log and the dev outbox. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of OCX's mails, `OCX <no-reply@example.com>` or a bare address. */
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>@\s][^<>@]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      'MAIL_FROM must be an address, optionally with a name: OCX <no-reply@example.com>',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The sign-up form's Terms of Service and Privacy Policy links: the operator's own pages, or by
   * default the app's /terms and /privacy (what OCX itself does, in plain words).
   */
  TERMS_URL: z
    .url({ protocol: /^https?$/, error: 'TERMS_URL must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PRIVACY_URL: z
    .url({ protocol: /^https?$/, error: 'PRIVACY_URL must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sign in with Google: both or neither (oauth-config.ts says which one is missing). */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** A generic OpenID Connect provider: its issuer URL (discovery at /.well-known/openid-configuration), client id and secret. */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'OIDC_ISSUER must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** The OIDC sign-in button's label. */
  OIDC_NAME: z.string().trim().max(60, 'OIDC_NAME must be at most 60 characters').optional(),
  /** Stripe billing: both keys turn it on (README, Billing); without them nothing is limited. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** A Stripe-compatible API base URL instead of https://api.stripe.com (a test server). */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_URL must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app; defaults to apps/web/dist next to the server. */
  WEB_DIST: z.string().optional(),
  /** The built tracker; defaults to apps/tracker/dist next to the server. */
  TRACKER_DIST: z.string().optional(),
});
export type Env = z.infer<typeof Env>;
