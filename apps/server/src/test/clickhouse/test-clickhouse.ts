import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClickHouseClient } from '@clickhouse/client';
import { openClickHouse } from '../../storage/clickhouse/clickhouse-client';
import { migrateClickHouse } from '../../storage/clickhouse/clickhouse-migrate';

const here = dirname(fileURLToPath(import.meta.url));
const front = join(here, 'chdb-http-front.mjs');
/** Where scripts/install-chdb.sh puts chDB: outside every package.json, never in a user's install. */
const chdbDir = process.env.CHDB_DIR ?? resolve(here, '../../../../../.chdb');

export interface TestClickHouse {
  /** A client on a fresh, migrated database of its own. */
  client: ClickHouseClient;
  url: string;
  database: string;
  close(): Promise<void>;
}

let running: Promise<{ url: string; child: ChildProcess }> | null = null;

/**
 * The ClickHouse engine for tests: chDB behind its HTTP front (chdb-http-front.mjs), one per test
 * file, so `@clickhouse/client` runs against a real, current ClickHouse. Fails — never skips — when
 * chDB is not installed.
 */
function startFront(): Promise<{ url: string; child: ChildProcess }> {
  if (!existsSync(join(chdbDir, 'node_modules', 'chdb', 'package.json')))
    throw new Error(
      `chDB is not installed in ${chdbDir}: the ClickHouse tests need it. Run scripts/install-chdb.sh (CI's .ci/run does).`,
    );
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-chdb-'));
  const child = spawn(process.execPath, [front, dataDir], {
    env: { ...process.env, CHDB_DIR: chdbDir, CHDB_FRONT_TEMP: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  process.once('exit', () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return new Promise((resolvePort, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('exit', (code) => reject(new Error(`chDB front exited (${code}): ${stderr}`)));
    child.stdout?.on('data', (chunk) => {
      const port = /listening (\d+)/.exec(String(chunk))?.[1];
      if (port) resolvePort({ url: `http://127.0.0.1:${port}`, child });
    });
  });
}

/** A fresh database on this test file's ClickHouse, with the migrations applied. */
export async function createTestClickHouse(): Promise<TestClickHouse> {
  running ??= startFront();
  const { url } = await running;
  const database = `ocx_test_${randomBytes(6).toString('hex')}`;
  const admin = openClickHouse(url);
  await admin.command({ query: `CREATE DATABASE ${database}` });
  const client = openClickHouse(url, { database });
  await migrateClickHouse(client);
  return {
    client,
    url,
    database,
    async close() {
      await client.close();
      await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
      await admin.close();
    },
  };
}
