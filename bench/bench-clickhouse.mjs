// The ClickHouse the benches run against with `--store clickhouse`: chDB (ClickHouse's engine as a
// Node addon, installed by scripts/install-chdb.sh, in no package.json) behind the test HTTP front,
// so the server talks to it through @clickhouse/client like to a ClickHouse server.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, tempDirs } from './harness.mjs';

const FRONT = join(root, 'apps', 'server', 'src', 'test', 'clickhouse', 'chdb-http-front.mjs');
const CHDB_DIR = process.env.CHDB_DIR ?? join(root, '.chdb');

/** `--name value` from the command line (`npm run bench:query -- --name value`), else `fallback`. */
export function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at >= 0 && process.argv[at + 1]) return process.argv[at + 1];
  return fallback;
}

/**
 * Starts chDB's HTTP front on a free port; resolves to its URL and the child to stop. Its data go to
 * a temporary directory, or to BENCH_CHDB_DATA, which is kept: a seed to measure again (BENCH_REUSE).
 */
export function startClickHouse() {
  if (!existsSync(join(CHDB_DIR, 'node_modules', 'chdb', 'package.json')))
    throw new Error(`chDB is not installed in ${CHDB_DIR}: run scripts/install-chdb.sh`);
  const kept = process.env.BENCH_CHDB_DATA;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'ocx-bench-chdb-'));
  if (!kept) tempDirs.add(dataDir);
  const child = spawn(process.execPath, [FRONT, dataDir], {
    cwd: root,
    // A throwaway directory goes with the front; a kept one (BENCH_CHDB_DATA) must outlive it.
    env: { ...process.env, CHDB_DIR, CHDB_FRONT_TEMP: kept ? '0' : '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`chDB front exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      const port = /listening (\d+)/.exec(String(chunk))?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, dataDir, child });
    });
  });
}

/** Stops chDB's front (SIGTERM: it closes the engine, so a kept data directory is whole). */
export async function stopClickHouse(clickhouse) {
  if (!clickhouse || clickhouse.child.exitCode !== null) return;
  const exited = new Promise((resolve) => clickhouse.child.once('exit', resolve));
  clickhouse.child.kill('SIGTERM');
  await exited;
}
