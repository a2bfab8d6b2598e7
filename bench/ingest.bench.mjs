// `npm run bench:ingest` (docs/decisions.md#performance-budgets): sustained collect throughput of the BUILT server on SQLite, with
// no loss, beside a bare Fastify route on the same machine. Last line is machine-readable (docs/decisions.md#performance-budgets).
//
// `--store postgres --instances N` runs N app servers on one PostgreSQL database (a schema of its own
// in BENCH_DATABASE_URL, else TEST_DATABASE_URL, dropped afterwards), the load split evenly over them
// as a round-robin proxy would (no proxy process: it would take CPU from the servers); BENCH_REDIS_URL
// gives them a shared Redis.
//
// Settings (environment): BENCH_DURATION (s, default 20), BENCH_BARE_DURATION (s, default 10),
// BENCH_WARMUP (s, default 5), BENCH_CONNECTIONS (default 100), BENCH_BARE_WORKERS (default 2, see
// below; 0 = off), BENCH_OCX_WORKERS (default 0: client threads for the OCX run too, which then
// counts lost events by number, not by id), BENCH_CPU_PROF (a directory: profile the OCX server with
// `node --cpu-prof`), BENCH_SERVER_MAIN (another build's main.js, for an A/B comparison).
//
// The OCX run uses one autocannon thread, which tracks every acknowledged eventId (the OCX server,
// not the client, is the limit there). One client thread cannot saturate the bare route on two cores
// (autocannon's per-request rebuild costs as much as the route itself), so the bare route is also
// loaded with BENCH_BARE_WORKERS client threads and the better of the two is the baseline.
//
// Rates swing with how busy the machine is, so the last line also gives each server's CPU time per
// event or request (all its threads, from /proc), which compares across runs, and the whole
// machine's (load generator and kernel included, from /proc/stat): when both runs fill the two
// cores, ratio ≈ bare's machine CPU per request over OCX's machine CPU per event.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  cpuSeconds,
  freePort,
  intEnv,
  machineCpu,
  machineCpuBetween,
  ocxServerEnv,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  signUp,
  startChild,
  stopChild,
  tempDirs,
  waitForHealth,
} from './harness.mjs';
import { load, round2, setUpWebsite } from './ingest-load.mjs';
import { report } from './ingest-report.mjs';
import { pendingCredits, readRows, waitForCredits, waitForDerivation } from './ingest-rows.mjs';
import * as postgresRows from './ingest-rows-pg.mjs';

const BARE_MAIN = join(dirname(fileURLToPath(import.meta.url)), 'bare-fastify.mjs');

const { values: args } = parseArgs({
  options: { store: { type: 'string', default: 'sqlite' }, instances: { type: 'string', default: '1' } },
});
if (!['sqlite', 'postgres'].includes(args.store)) throw new Error('--store must be sqlite or postgres');
const instances = Number(args.instances);
if (!Number.isInteger(instances) || instances < 1) throw new Error('--instances must be a whole number ≥ 1');
if (instances > 1 && args.store !== 'postgres') throw new Error('--instances > 1 needs --store postgres');

const settings = {
  store: args.store,
  instances,
  duration: intEnv('BENCH_DURATION', 20),
  bareDuration: intEnv('BENCH_BARE_DURATION', 10),
  warmup: intEnv('BENCH_WARMUP', 5),
  connections: intEnv('BENCH_CONNECTIONS', 100),
  bareWorkers: intEnv('BENCH_BARE_WORKERS', 2),
  ocxWorkers: intEnv('BENCH_OCX_WORKERS', 0),
  cpuProfDir: process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null,
};
const { connections } = settings;

/** The stored rows, read from the SQLite file or the PostgreSQL schema. */
function rowReader(store, dataDir, schema) {
  if (store === 'postgres')
    return {
      pendingCredits: () => postgresRows.pendingCredits(schema.client),
      // PostgreSQL derives sessions, clicks and conversions in the commit that stores the events.
      waitForDerivation: async () => 0,
      waitForCredits: () => postgresRows.waitForCredits(schema.client),
      readRows: (siteId) => postgresRows.readRows(schema.client, siteId),
    };
  const file = join(dataDir, 'ocx.sqlite');
  return {
    pendingCredits: async () => pendingCredits(file),
    waitForDerivation: () => waitForDerivation(file),
    waitForCredits: () => waitForCredits(file),
    readRows: async (siteId) => {
      if (!existsSync(file)) throw new Error(`no database at ${file}`);
      return readRows(file, siteId);
    },
  };
}

/** Starts the app servers (one per instance, all on the bench's database); resolves with their bases. */
async function startServers(schema) {
  const nodeArgs = [];
  if (settings.cpuProfDir) {
    mkdirSync(settings.cpuProfDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${settings.cpuProfDir}`);
  }
  const servers = [];
  for (let i = 0; i < settings.instances; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ocx-bench-'));
    tempDirs.add(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = ocxServerEnv(port, dataDir);
    if (schema) {
      // One database, one auth secret: a session from one server works on the others.
      Object.assign(env, {
        DATABASE_URL: schema.serverUrl,
        AUTH_SECRET: 'b'.repeat(64),
        REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
      });
    }
    const server = startChild(`OCX server ${i + 1}`, [...SERVER_NODE_FLAGS, ...nodeArgs, SERVER_MAIN], env);
    // One at a time: the first applies the migrations.
    await waitForHealth(server, base);
    servers.push({ server, base, dataDir });
  }
  return servers;
}

/** Loads every server with its share of the connections and requests, at once; one result for all. */
async function loadAll(bases, traffic, options) {
  const n = bases.length;
  const share = (total) => Math.max(1, Math.round(total / n));
  const runs = await Promise.all(
    bases.map((base, i) =>
      load(
        base,
        { ...traffic, seed: traffic.seed + i, tag: n > 1 ? `${traffic.tag}${i}` : traffic.tag },
        {
          ...options,
          connections: share(options.connections),
          ...(options.amount ? { amount: share(options.amount) } : {}),
        },
      ),
    ),
  );
  if (runs.length === 1) return runs[0];
  const sum = (key) => runs.reduce((total, r) => total + r[key], 0);
  const statuses = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    ok: sum('ok'),
    non2xx: sum('non2xx'),
    notAccepted: sum('notAccepted'),
    statuses,
    acked: runs.flatMap((r) => r.acked),
    seconds: Math.max(...runs.map((r) => r.seconds)),
    secondHalfRate: sum('secondHalfRate'),
    // The slower server's latencies (each run's percentiles; they cannot be merged exactly).
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
  };
}

async function benchOcx() {
  let schema = null;
  if (settings.store === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!url)
      throw new Error('--store postgres needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): postgres://…');
    schema = await postgresRows.benchSchema(url);
  }
  try {
    return await benchServers(schema);
  } finally {
    await schema?.drop();
  }
}

async function benchServers(schema) {
  const servers = await startServers(schema);
  const bases = servers.map((s) => s.base);
  const base = bases[0];
  const rows = rowReader(settings.store, servers[0].dataDir, schema);
  const cookie = await signUp(base);
  const main = await setUpWebsite(base, cookie, 'Bench shop');
  // The warm-up (JIT, caches, a non-empty table) writes to its own website, so the measured run's
  // rows can be counted apart; its rate sizes the measured run to about BENCH_DURATION seconds.
  const warmSite = await setUpWebsite(base, cookie, 'Bench warm-up');
  let rate = 2_000;
  if (settings.warmup > 0) {
    console.log(`OCX: warming up for ${settings.warmup} s…`);
    const warmTraffic = { ...warmSite, seed: 7, tag: 'w' };
    const warm = await loadAll(bases, warmTraffic, { connections, duration: settings.warmup });
    if (warm.non2xx > 0 || warm.notAccepted > 0)
      throw new Error('the warm-up got answers other than 202 accepted');
    rate = Math.max(rate, warm.secondHalfRate);
  }
  const amount = Math.max(
    connections * 10,
    Math.round((rate * settings.duration) / connections) * connections,
  );
  console.log(
    `OCX: ${amount} collect requests (≈${settings.duration} s at the warm-up rate), ${connections} connections` +
      `${bases.length > 1 ? ` over ${bases.length} app servers` : ''}…`,
  );
  const cpuOf = () => {
    const each = servers.map((s) => cpuSeconds(s.server));
    return each.includes(null) ? null : each.reduce((a, b) => a + b, 0);
  };
  const cpuBefore = cpuOf();
  const machineBefore = machineCpu();
  const measured = { ...main, seed: 42, tag: 'm' };
  const run = await loadAll(bases, measured, { connections, amount, workers: settings.ocxWorkers });
  // Under load sessions, clicks, conversions and rollups are derived in batches after the answers,
  // and conversions are credited after that: the run ends once both have caught up (no hidden
  // backlog), and its CPU includes them.
  const stoppedAt = performance.now();
  const uncredited = await rows.pendingCredits();
  const deriveLagMs = await rows.waitForDerivation();
  await rows.waitForCredits();
  const drainS = round2((performance.now() - stoppedAt) / 1000);
  const cpuAfter = cpuOf();
  const machine = machineCpuBetween(machineBefore, machineCpu());

  // Signed in: /api/health shows its counters to users (anonymous callers get the status only).
  const healths = [];
  for (const b of bases)
    healths.push((await (await fetch(`${b}/api/health`, { headers: { cookie } })).json()).ingest);
  for (const { server } of servers) {
    const how = await stopChild(server);
    if (how.code !== 0) console.error(`${server.name} exited with ${JSON.stringify(how)} after SIGTERM`);
  }

  const { credits, storedIds, totalRows, underived } = await rows.readRows(main.siteId);
  // With client threads only the 2xx count comes back: every eventId is unique, so the shortfall of
  // stored rows against 2xx answers is what was lost.
  const missing =
    settings.ocxWorkers > 0
      ? Array.from({ length: Math.max(0, run.ok - storedIds.size) }, () => '(unknown id)')
      : run.acked.filter((id) => !storedIds.has(id));
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return {
    run,
    health: healths.length === 1 ? healths[0] : healths,
    stored: storedIds.size,
    totalRows,
    missing,
    cpu,
    machine,
    deriveLagMs,
    underived,
    uncredited,
    drainS,
    credits,
  };
}

async function benchBare() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const bare = startChild('bare Fastify', [...SERVER_NODE_FLAGS, BARE_MAIN], { PORT: String(port) });
  try {
    await waitForHealth(bare, base);
    const traffic = { siteId: 'bare-site-0000000000', ocxid: 'bare0000', seed: 42, tag: 'b' };
    if (settings.warmup > 0)
      await load(base, traffic, { connections, duration: Math.min(settings.warmup, 2) });
    console.log(`bare Fastify: ${settings.bareDuration} s, ${connections} connections, one client thread…`);
    const cpuBefore = cpuSeconds(bare);
    const machineBefore = machineCpu();
    const single = await load(base, traffic, { connections, duration: settings.bareDuration });
    const cpuAfter = cpuSeconds(bare);
    single.machine = machineCpuBetween(machineBefore, machineCpu());
    single.cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    if (settings.bareWorkers === 0) return { single, threaded: null };
    console.log(`bare Fastify: ${settings.bareDuration} s, ${settings.bareWorkers} client threads…`);
    const threadedBefore = machineCpu();
    const threaded = await load(base, traffic, {
      connections,
      duration: settings.bareDuration,
      workers: settings.bareWorkers,
    });
    threaded.machine = machineCpuBetween(threadedBefore, machineCpu());
    return { single, threaded };
  } finally {
    await stopChild(bare);
  }
}

async function main() {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  const ocx = await benchOcx();
  const bare = await benchBare();
  return report(ocx, bare, settings);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('bench:ingest failed:', error);
    process.exit(1);
  },
);
