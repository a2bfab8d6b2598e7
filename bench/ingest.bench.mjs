// `npm run bench:ingest` (DESIGN §9): sustained collect throughput of the BUILT server on SQLite, with
// no loss, beside a bare Fastify route on the same machine. Last line is machine-readable (DESIGN §10).
//
// Settings (environment): BENCH_DURATION (s, default 20), BENCH_BARE_DURATION (s, default 10),
// BENCH_WARMUP (s, default 5), BENCH_CONNECTIONS (default 100), BENCH_BARE_WORKERS (default 2, see
// below; 0 = off), BENCH_CPU_PROF (a directory: profile the OCX server with `node --cpu-prof`),
// BENCH_SERVER_MAIN (another build's main.js, for an A/B comparison).
//
// The OCX run uses one autocannon thread, which tracks every acknowledged eventId (the OCX server,
// not the client, is the limit there). One client thread cannot saturate the bare route on two cores
// (autocannon's per-request rebuild costs as much as the route itself), so the bare route is also
// loaded with BENCH_BARE_WORKERS client threads and the better of the two is the baseline.
//
// Rates swing with how busy the machine is (this VM's bare route has measured 13k to 37k req/s), so
// the last line also gives each server's CPU time per event or request (all its threads, from
// /proc), which compares across runs, and the whole machine's (load generator and kernel included,
// from /proc/stat): when both runs fill the two cores, ratio ≈ bare's machine CPU per request over
// OCX's machine CPU per event.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import {
  api,
  cpuSeconds,
  freePort,
  machineCpu,
  machineCpuBetween,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  signUp,
  startChild,
  stopChild,
  tempDirs,
  waitForHealth,
} from './harness.mjs';
import traffic from './traffic.cjs';

const { collectRequest, createTraffic } = traffic;

const here = dirname(fileURLToPath(import.meta.url));
const BARE_MAIN = join(here, 'bare-fastify.mjs');
const COLLECT_REQUEST = join(here, 'collect-request.cjs');

const round2 = (n) => Math.round(n * 100) / 100;

const intEnv = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
};

const settings = {
  duration: intEnv('BENCH_DURATION', 20),
  bareDuration: intEnv('BENCH_BARE_DURATION', 10),
  warmup: intEnv('BENCH_WARMUP', 5),
  connections: intEnv('BENCH_CONNECTIONS', 100),
  bareWorkers: intEnv('BENCH_BARE_WORKERS', 2),
  ocxWorkers: intEnv('BENCH_OCX_WORKERS', 0),
  cpuProfDir: process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null,
};

/** A website on bench.test with a click goal, an event goal and a campaign (whose ocxid the traffic uses). */
async function setUpWebsite(base, cookie, name) {
  const { json: site } = await api(base, cookie, 'POST', '/api/websites', { name, rootDomain: 'bench.test' });
  await api(base, cookie, 'POST', `/api/websites/${site.id}/goals`, {
    name: 'Add to cart',
    type: 'click',
    conditions: { selector: '#add-to-cart' },
  });
  await api(base, cookie, 'POST', `/api/websites/${site.id}/goals`, {
    name: 'Signup',
    type: 'event',
    conditions: { event: 'signup' },
    value: 10,
  });
  const { json: campaign } = await api(base, cookie, 'POST', `/api/websites/${site.id}/campaigns`, {
    name: 'Spring sale',
    network: 'Google Ads',
    source: 'Search',
    landingPage: 'https://bench.test/spring',
  });
  return { siteId: site.id, ocxid: campaign.ocxid };
}

/**
 * Loads POST /api/collect for `duration` seconds, or until exactly `amount` requests are answered
 * (nothing left in flight, so the answers can be compared with the rows). In this thread it counts
 * the answers itself and remembers every eventId answered 2xx; the rate runs from the start to the
 * last answer. With `workers` > 0 autocannon runs that many client threads (collect-request.cjs) and
 * only its status code counts come back.
 */
async function load(base, trafficOptions, { duration, amount, workers = 0 }) {
  const common = {
    url: base,
    connections: settings.connections,
    pipelining: 1,
    ...(amount ? { amount } : { duration }),
    timeout: 30,
  };
  if (workers > 0) {
    process.env.BENCH_TRAFFIC = JSON.stringify(trafficOptions);
    const result = await autocannon({
      ...common,
      workers,
      requests: [{ method: 'POST', path: '/api/collect', setupRequest: COLLECT_REQUEST }],
    });
    const ok = result['2xx'];
    return {
      ok,
      non2xx: result.non2xx,
      notAccepted: 0,
      statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
      acked: [],
      seconds: result.duration,
      secondHalfRate: ok / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
    };
  }

  const tally = { ok: 0, non2xx: 0, notAccepted: 0, statuses: {}, acked: [], lastAnswerAt: 0 };
  const startedAt = performance.now();
  // Answers and time at mid-run: the second half's rate is the warmed-up one.
  const halfway = { at: duration ? startedAt + duration * 500 : Number.POSITIVE_INFINITY, ok: -1, t: 0 };
  const result = await autocannon({
    ...common,
    requests: [
      {
        method: 'POST',
        path: '/api/collect',
        setupRequest: collectRequest(createTraffic(trafficOptions)),
        onResponse: (status, body, context) => {
          tally.lastAnswerAt = performance.now();
          if (halfway.ok < 0 && tally.lastAnswerAt >= halfway.at) {
            halfway.ok = tally.ok;
            halfway.t = tally.lastAnswerAt;
          }
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300) {
            tally.ok += 1;
            tally.acked.push(context.eventId);
            if (!body.startsWith('{"accepted":1,')) {
              tally.notAccepted += 1;
              if (tally.notAccepted <= 3) console.error(`answered 2xx without storing: ${body}`);
            }
          } else {
            tally.non2xx += 1;
            if (tally.non2xx <= 3) console.error(`answered ${status}: ${body.slice(0, 300)}`);
          }
        },
      },
    ],
  });
  return {
    ...tally,
    seconds: round2((tally.lastAnswerAt - startedAt) / 1000),
    secondHalfRate: halfway.ok >= 0 ? ((tally.ok - halfway.ok) * 1000) / (tally.lastAnswerAt - halfway.t) : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------

async function benchOcx() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-bench-'));
  tempDirs.add(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = [];
  if (settings.cpuProfDir) {
    mkdirSync(settings.cpuProfDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${settings.cpuProfDir}`);
  }
  const server = startChild('OCX server', [...SERVER_NODE_FLAGS, ...nodeArgs, SERVER_MAIN], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: base,
    TRUST_PROXY: 'false',
    LOG_LEVEL: 'warn',
    COLLECT_RATE_LIMIT: '10000000',
    AUTH_RATE_LIMIT: '100000',
  });
  await waitForHealth(server, base);
  const cookie = await signUp(base);
  const main = await setUpWebsite(base, cookie, 'Bench shop');
  // The warm-up (JIT, caches, a non-empty table) writes to its own website, so the measured run's
  // rows can be counted apart; its rate sizes the measured run to about BENCH_DURATION seconds.
  const warmSite = await setUpWebsite(base, cookie, 'Bench warm-up');
  let rate = 2_000;
  if (settings.warmup > 0) {
    console.log(`OCX: warming up for ${settings.warmup} s…`);
    const warmTraffic = { ...warmSite, seed: 7, tag: 'w' };
    const warm = await load(base, warmTraffic, { duration: settings.warmup });
    if (warm.non2xx > 0 || warm.notAccepted > 0)
      throw new Error('the warm-up got answers other than 202 accepted');
    rate = Math.max(rate, warm.secondHalfRate);
  }
  const amount = Math.max(
    settings.connections * 10,
    Math.round((rate * settings.duration) / settings.connections) * settings.connections,
  );
  console.log(
    `OCX: ${amount} collect requests (≈${settings.duration} s at the warm-up rate), ${settings.connections} connections…`,
  );
  const file = join(dataDir, 'ocx.sqlite');
  const cpuBefore = cpuSeconds(server);
  const machineBefore = machineCpu();
  const run = await load(base, { ...main, seed: 42, tag: 'm' }, { amount, workers: settings.ocxWorkers });
  // Under load sessions, clicks, conversions and rollups are derived in batches after the answers,
  // and conversions are credited after that: the run ends once both have caught up (no hidden
  // backlog), and its CPU includes them.
  const stoppedAt = performance.now();
  const uncredited = pendingCredits(file);
  const deriveLagMs = await waitForDerivation(file);
  await waitForCredits(file);
  const drainS = round2((performance.now() - stoppedAt) / 1000);
  const cpuAfter = cpuSeconds(server);
  const machine = machineCpuBetween(machineBefore, machineCpu());

  // Signed in: /api/health shows its counters to users (anonymous callers get the status only).
  const health = await (await fetch(`${base}/api/health`, { headers: { cookie } })).json();
  const how = await stopChild(server);
  if (how.code !== 0) console.error(`OCX server exited with ${JSON.stringify(how)} after SIGTERM`);

  if (!existsSync(file)) throw new Error(`no database at ${file}`);
  const db = new Database(file, { readonly: true });
  let storedIds;
  let totalRows;
  let underived;
  let credits;
  try {
    // Credit rows per credited conversion of the measured website (settings version 1), beside the
    // touchpoints its paths have (one row per touchpoint: never more).
    // (A build before migration 0011 — BENCH_SERVER_MAIN — wrote a row per model: attribution_credit.)
    const table = db.prepare("select name from sqlite_master where name = 'touch_credit'").pluck().get()
      ? 'touch_credit'
      : 'attribution_credit';
    const touchpoints =
      table === 'touch_credit'
        ? '(select count(*) from touch_credit a where a.website_id = @site and a.click_id is not null)'
        : "(select count(*) from attribution_credit a where a.website_id = @site and a.model = 'linear' and a.click_id is not null)";
    credits = db
      .prepare(
        `select count(*) as conversions,
          (select count(*) from ${table} a where a.website_id = @site) as rows,
          ${touchpoints} as touchpoints
         from conversion where website_id = @site and followed_up = 1`,
      )
      .get({ site: main.siteId });
    storedIds = new Set(
      db.prepare('select event_id from event where website_id = ?').pluck().all(main.siteId),
    );
    totalRows = db.prepare('select count(*) from event').pluck().get();
    // Every stored event belongs to a derived session.
    underived = db
      .prepare(
        `select count(*) from event e where not exists
          (select 1 from visit v where v.website_id = e.website_id and v.session_id = e.session_id)`,
      )
      .pluck()
      .get();
  } finally {
    db.close();
  }
  // With client threads only the 2xx count comes back: every eventId is unique, so the shortfall of
  // stored rows against 2xx answers is what was lost.
  const missing =
    settings.ocxWorkers > 0
      ? Array.from({ length: Math.max(0, run.ok - storedIds.size) }, () => '(unknown id)')
      : run.acked.filter((id) => !storedIds.has(id));
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return {
    run,
    health: health.ingest,
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

/** Conversions stored and waiting for their credits (new ones, or ones whose path changed). */
function pendingCredits(file) {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('select count(*) from conversion where followed_up in (0, 2)').pluck().get();
  } finally {
    db.close();
  }
}

/** Waits until every stored conversion is credited (or marked as failed). */
async function waitForCredits(file) {
  const startedAt = performance.now();
  while (pendingCredits(file) > 0) {
    if (performance.now() - startedAt > 120_000) throw new Error('crediting did not catch up within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Milliseconds until every stored event is derived (derive_mark reaches the newest event). */
async function waitForDerivation(file) {
  const startedAt = performance.now();
  const db = new Database(file, { readonly: true });
  try {
    const caughtUp = db
      .prepare('select (select last_event_id from derive_mark) >= (select coalesce(max(id), 0) from event)')
      .pluck();
    while (!caughtUp.get()) {
      if (performance.now() - startedAt > 60_000) throw new Error('derivation did not catch up within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    db.close();
  }
  return Math.round(performance.now() - startedAt);
}

async function benchBare() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const bare = startChild('bare Fastify', [...SERVER_NODE_FLAGS, BARE_MAIN], { PORT: String(port) });
  try {
    await waitForHealth(bare, base);
    const traffic = { siteId: 'bare-site-0000000000', ocxid: 'bare0000', seed: 42, tag: 'b' };
    if (settings.warmup > 0) await load(base, traffic, { duration: Math.min(settings.warmup, 2) });
    console.log(
      `bare Fastify: ${settings.bareDuration} s, ${settings.connections} connections, one client thread…`,
    );
    const cpuBefore = cpuSeconds(bare);
    const machineBefore = machineCpu();
    const single = await load(base, traffic, { duration: settings.bareDuration });
    const cpuAfter = cpuSeconds(bare);
    single.machine = machineCpuBetween(machineBefore, machineCpu());
    single.cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    if (settings.bareWorkers === 0) return { single, threaded: null };
    console.log(`bare Fastify: ${settings.bareDuration} s, ${settings.bareWorkers} client threads…`);
    const threadedBefore = machineCpu();
    const threaded = await load(base, traffic, {
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

  const { run } = ocx;
  const eventsPerS = Math.round(run.ok / run.seconds);
  const rateOf = (r) => (r ? Math.round(r.ok / r.seconds) : 0);
  const bareReqPerS = Math.max(rateOf(bare.single), rateOf(bare.threaded));
  const bareBest = rateOf(bare.threaded) > rateOf(bare.single) ? bare.threaded : bare.single;
  const ratio = bareReqPerS > 0 ? eventsPerS / bareReqPerS : 0;
  const lost = ocx.missing.length;
  const perUnit = (cpu, count) => (cpu === null || !count ? 'n/a' : Math.round((cpu * 1e6) / count));
  const ocxCpu = perUnit(ocx.cpu, run.ok);
  const bareCpu = perUnit(bare.single.cpu, bare.single.ok);
  // Both servers share the two cores with the load generator and the kernel's network work: when
  // both runs fill the cores, the ratio is about bare's machine CPU per request over OCX's per event.
  const ocxMachine = perUnit(ocx.machine?.busy ?? null, run.ok);
  const bareMachine = perUnit(bareBest?.machine?.busy ?? null, bareBest?.ok);
  const machineLine = (m, per, unit) =>
    m
      ? `machine CPU (all processes, kernel included) ${m.busy.toFixed(2)} s, ${Math.round(m.share * 100)}% of the cores → ${per} µs per ${unit}`
      : 'machine CPU n/a';

  console.log('');
  console.log('OCX collect (built server, SQLite, one event per request, one client thread)');
  console.log(`  ${run.ok} × 2xx, ${run.non2xx} other answers in ${run.seconds} s → ${eventsPerS} events/s`);
  console.log(`  latency p50 ${run.p50} ms, p99 ${run.p99} ms; status codes ${JSON.stringify(run.statuses)}`);
  console.log(
    `  socket errors ${run.errors}, timeouts ${run.timeouts}, 2xx without storing ${run.notAccepted}`,
  );
  console.log(
    `  rows of the measured website ${ocx.stored} (all rows, warm-up included: ${ocx.totalRows}); ` +
      `acknowledged but not stored ${lost}`,
  );
  console.log(
    `  derived (sessions, clicks, conversions, rollups) ${ocx.deriveLagMs} ms after the last answer; ` +
      `events without a derived session ${ocx.underived}`,
  );
  const rowsPerConversion = ocx.credits.conversions ? ocx.credits.rows / ocx.credits.conversions : 0;
  const touchesPerConversion = ocx.credits.conversions
    ? ocx.credits.touchpoints / ocx.credits.conversions
    : 0;
  console.log(
    `  conversions waiting for credits when the load stopped ${ocx.uncredited}; all credited ${ocx.drainS} s ` +
      `after the last answer; ${ocx.credits.conversions} conversions, ${ocx.credits.rows} credit rows ` +
      `(${rowsPerConversion.toFixed(2)} per conversion, ${touchesPerConversion.toFixed(2)} touchpoints per conversion)`,
  );
  console.log(`  server ingest counters ${JSON.stringify(ocx.health)}`);
  console.log(`  server CPU (all threads) ${ocx.cpu?.toFixed(2) ?? 'n/a'} s → ${ocxCpu} µs per event`);
  console.log(`  ${machineLine(ocx.machine, ocxMachine, 'event')}`);
  console.log('bare Fastify (JSON.parse + 202), same bodies and connections');
  for (const [label, r] of [
    ['one client thread', bare.single],
    [`${settings.bareWorkers} client threads`, bare.threaded],
  ]) {
    if (!r) continue;
    console.log(
      `  ${label}: ${r.ok} × 2xx in ${r.seconds} s → ${rateOf(r)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`,
    );
    if (r.cpu !== undefined)
      console.log(`    server CPU ${r.cpu?.toFixed(2) ?? 'n/a'} s → ${bareCpu} µs per request`);
    console.log(`    ${machineLine(r.machine, perUnit(r.machine?.busy ?? null, r.ok), 'request')}`);
  }
  if (lost > 0)
    console.error(`LOST: ${lost} acknowledged events are not stored, e.g. ${ocx.missing.slice(0, 5)}`);
  if (ocx.underived > 0) console.error(`UNDERIVED: ${ocx.underived} stored events have no derived session`);
  if (settings.cpuProfDir) console.log(`CPU profile of the OCX server in ${settings.cpuProfDir}`);
  console.log('');
  console.log(
    `bench:ingest events_per_s=${eventsPerS} p50_ms=${run.p50} p99_ms=${run.p99} ok=${run.ok} ` +
      `stored=${ocx.stored} lost=${lost} bare_req_per_s=${bareReqPerS} ratio=${ratio.toFixed(2)} ` +
      `cpu_us_per_event=${ocxCpu} bare_cpu_us_per_req=${bareCpu} ` +
      `machine_cpu_us_per_event=${ocxMachine} bare_machine_cpu_us_per_req=${bareMachine} ` +
      `derive_lag_ms=${ocx.deriveLagMs} uncredited=${ocx.uncredited} drain_s=${ocx.drainS} ` +
      `credit_rows_per_conversion=${rowsPerConversion.toFixed(2)}`,
  );
  // Crediting may run behind the answers, but must keep up: a drain over 5 s is a hidden backlog.
  if (ocx.drainS > 5) console.error(`BACKLOG: crediting took ${ocx.drainS} s to catch up (at most 5 s)`);
  return lost === 0 && run.notAccepted === 0 && ocx.underived === 0 && ocx.drainS <= 5 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('bench:ingest failed:', error);
    process.exit(1);
  },
);
