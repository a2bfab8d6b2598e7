import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const PUBLIC_URL = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/** A server on a fresh SQLite file, or on a fresh PostgreSQL schema that is dropped afterwards. */
export async function createTestApp(dialect: TestDialect): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-test-'));
  const url = process.env.TEST_DATABASE_URL;
  const schema = `ocx_test_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') {
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    await withPg(url, (client) => client.query(`create schema ${schema}`));
  }
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database:
      dialect === 'sqlite'
        ? { dialect, file: join(dataDir, 'ocx.sqlite') }
        : { dialect, url: url ?? '', schema },
    publicUrl: PUBLIC_URL,
    trustProxy: false,
    authSecret: randomBytes(32).toString('hex'),
    authRateLimit: 10,
    logLevel: 'silent',
    webDist: null,
  };
  const app = await buildApp(config, { logger: false });
  return {
    app,
    config,
    async close() {
      await app.close();
      if (dialect === 'postgres' && url) await withPg(url, (c) => c.query(`drop schema ${schema} cascade`));
    },
  };
}

async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
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

export async function signUp(
  app: FastifyInstance,
  email = `user${++counter}-${Date.now()}@example.com`,
): Promise<SignedIn> {
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
