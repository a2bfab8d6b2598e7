// Shared by the benchmarks: child processes (cleaned up on every way out), ports, health, and
// the HTTP calls a user would make to set up a website.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..');
/** BENCH_SERVER_MAIN runs another build of the server (an A/B comparison); the default is the built one. */
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN || join(root, 'apps', 'server', 'dist', 'main.js');
/**
 * The Node flags `npm start` runs the server with, read from its script in package.json (one place
 * to change them): a 64 MB young-generation semi-space. Collect allocates ~10 KB per request; with
 * V8's default (16 MB) bench:ingest spent ~10% more CPU per event on scavenges, at the price of
 * ~110 MB more peak memory under full load.
 */
export const SERVER_NODE_FLAGS = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((arg) => arg.startsWith('--'));
export const BENCH_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

// ---------------------------------------------------------------------------------------------
// Child processes and temp dirs are cleaned up on every way out, failures included.

const children = new Set();
export const tempDirs = new Set();

function cleanupSync() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  // BENCH_KEEP=1 leaves the data (a seeded database, say) to look into after the run.
  if (process.env.BENCH_KEEP === '1') for (const dir of tempDirs) console.error(`bench: kept ${dir}`);
  else for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
process.on('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`bench: interrupted by ${signal}`);
    process.exit(130);
  });
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function startChild(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolveExit({ code, signal });
    });
  });
  return { name, child, exited };
}

/**
 * CPU seconds (user + system, all threads) the child has used so far, from /proc (Linux; the unit
 * is 1/100 s). Unlike a rate it does not depend on how much of the machine the child got, so runs
 * on a busy or a quiet machine compare.
 */
export function cpuSeconds(proc) {
  try {
    const stat = readFileSync(`/proc/${proc.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The whole machine's CPU time so far (every process and the kernel's network work, from the `cpu`
 * line of /proc/stat, 1/100 s units): busy seconds, and busy + idle. Between two readings it shows
 * what one request costs on the machine, load generator included, and whether the cores were full.
 */
export function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1, 8)
      .map(Number);
    const busy = user + nice + system + irq + softirq;
    return { busy: busy / 100, total: (busy + idle + iowait) / 100 };
  } catch {
    return null;
  }
}

/** Machine CPU between two machineCpu() readings: busy seconds and the share of the cores used. */
export function machineCpuBetween(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  const busy = after.busy - before.busy;
  return { busy, share: busy / (after.total - before.total) };
}

export async function waitForHealth(proc, base, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let gone = null;
  void proc.exited.then((how) => {
    gone = how;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${proc.name} exited before it was ready (${JSON.stringify(gone)})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${proc.name} did not answer ${base}/api/health within ${timeoutMs / 1000} s`);
}

export async function stopChild(proc, timeoutMs = 20_000) {
  if (!children.has(proc.child)) return proc.exited;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const how = await proc.exited;
  clearTimeout(timer);
  return how;
}

/** A whole-number setting from the environment (BENCH_*), or its default. */
export function intEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
}

/**
 * The environment of a bench OCX server: SQLite in `dataDir`, quiet logs (BENCH_LOG_LEVEL, default
 * warn; `info` is a default install's), no rate limits in the way.
 */
export function ocxServerEnv(port, dataDir) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    COLLECT_RATE_LIMIT: '10000000',
    AUTH_RATE_LIMIT: '100000',
  };
}

// ---------------------------------------------------------------------------------------------
// Setting up the bench website through the API, like a user would.

export async function api(base, cookie, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: base,
      'user-agent': BENCH_UA,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return { json: text ? JSON.parse(text) : null, headers: res.headers };
}

export async function signUp(base) {
  const { headers } = await api(base, null, 'POST', '/api/auth/sign-up/email', {
    email: 'bench@bench.test',
    password: 'bench-password-1234',
    name: 'Bench',
    acceptTerms: true,
  });
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
