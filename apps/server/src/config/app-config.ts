import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { Env } from './env.schema';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };
  publicUrl: string;
  trustProxy: boolean;
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
}

export class ConfigError extends Error {}

/** Reads and checks the environment; the auth secret is generated once and kept in DATA_DIR. */
export interface DefaultPaths {
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
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: join(dataDir, 'ocx.sqlite') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
  };
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
