import { randomBytes } from 'node:crypto';
import type { EventStore } from '@ocx/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import type { Mailer } from '../services/accounts/mailer';
import { createTestClickHouse } from './clickhouse/test-clickhouse';
import { createTestTarget, dialects, type TestDialect } from './test-database';

export { dialects, type TestDialect } from './test-database';

export const PUBLIC_URL = 'http://localhost:3000';
export const HEALTH_TOKEN = 'test-health-token-0123456789';

/** GET /api/health with its details (the test apps' HEALTH_TOKEN). */
export async function healthDetails(app: FastifyInstance) {
  return (
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
    })
  ).json();
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** The events' store, to seed events without collect (and to settle their derivation). */
  events: EventStore;
  /** The server's mailer: without SMTP its dev outbox holds the mails tests read links from. */
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * Where a test app keeps its data: a SQL dialect, or 'clickhouse' — the events in ClickHouse (chDB's
 * engine), the rest in PostgreSQL when TEST_DATABASE_URL is set, else in SQLite.
 */
type TestStore = TestDialect | 'clickhouse';

/** Every dialect, and ClickHouse: for the suites whose answers come from the raw events. */
export const stores: TestStore[] = [...dialects, 'clickhouse'];

/** A server on a fresh SQLite file, or on a fresh PostgreSQL schema that is dropped afterwards. */
export async function createTestApp(
  store: TestStore,
  overrides: Partial<AppConfig> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dialect = store === 'clickhouse' ? (dialects.at(-1) as TestDialect) : store;
  const target = await createTestTarget(dialect);
  const clickhouse = store === 'clickhouse' ? await createTestClickHouse() : null;
  const config: AppConfig = {
    ...testConfig(target.dataDir, target.database),
    ...(clickhouse ? { clickhouse: { url: clickhouse.url, database: clickhouse.database } } : {}),
    ...overrides,
  };
  let internals: { events: EventStore; mailer: Mailer } | null = null;
  const app = await buildApp(config, {
    logger: false,
    ...options,
    onInternals: (given) => {
      internals = given;
      options.onInternals?.(given);
    },
  });
  if (!internals) throw new Error('buildApp handed out no internals');
  const { events, mailer } = internals;
  return {
    app,
    config,
    events,
    mailer,
    async close() {
      await app.close();
      await clickhouse?.close();
      await target.drop();
    },
  };
}

export function testConfig(dataDir: string, database: AppConfig['database']): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database,
    redisUrl: null,
    clickhouse: null,
    publicUrl: PUBLIC_URL,
    trustProxy: false,
    authSecret: randomBytes(32).toString('hex'),
    authRateLimit: 10,
    logLevel: 'silent',
    webDist: null,
    trackerDist: null,
    trackerScriptPath: '/t.js',
    collectPath: '/api/collect',
    collectRateLimit: 100_000,
    postbackRetryBaseMs: 50,
    // The tests' postback receivers listen on 127.0.0.1.
    postbackAllowPrivate: true,
    geoLocation: 'city',
    healthToken: HEALTH_TOKEN,
    adminEmails: [],
    mail: { smtpUrl: null, from: 'OCX <no-reply@ocx.test>' },
    oauth: { google: null, oidc: null },
    legal: { termsUrl: '/terms', privacyUrl: '/privacy' },
    billing: null,
  };
}

export interface SignedIn {
  userId: string;
  email: string;
  cookie: string;
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let counter = 0;

/** An address no other test (or run) uses. */
export const uniqueEmail = (name = 'user') => `${name}${++counter}-${Date.now()}@example.com`;

export async function signUp(app: FastifyInstance, email = uniqueEmail()): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: PUBLIC_URL },
    payload: { email, password: 'correct horse battery', name: email, acceptTerms: true },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { userId: response.json().user.id, email, cookie: cookieFrom(response) };
}

/** inject() with the user's session cookie and a same-origin Origin header. */
export function as(user: SignedIn | null) {
  return { origin: PUBLIC_URL, ...(user ? { cookie: user.cookie } : {}) };
}

export type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** inject() as a user (null: signed out), with an optional JSON body. */
export function callAs(
  t: TestApp,
  user: SignedIn | null,
  method: InjectMethod,
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
}

/** The ownership tests' cast: Alice owns one website ('Shop'), Bob owns nothing. */
interface SiteFixture {
  t: TestApp;
  alice: SignedIn;
  bob: SignedIn;
  siteId: string;
}

export async function createSiteFixture(dialect: TestStore, rootDomain = 'shop.test'): Promise<SiteFixture> {
  const t = await createTestApp(dialect);
  const alice = await signUp(t.app);
  const bob = await signUp(t.app);
  const site = await callAs(t, alice, 'POST', '/api/websites', { name: 'Shop', rootDomain });
  return { t, alice, bob, siteId: site.json().id };
}
