// `npm run bench:query`: the dashboard over 1,000,000 events. Starts the built server on a temporary
// SQLite file and sets up a website like a user would, stops it, writes the events for 90 days
// straight into the event store (query-seed.ts: bulk transactions, no HTTP), starts the server
// again, waits until every conversion is credited, then measures GET /api/analytics/dashboard for
// each range over repeated runs with a signed-in session.
// Last line: bench:query events=… p50_ms=… p95_ms=… (the worst range) range=… cold_ms=…
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  api,
  freePort,
  ocxServerEnv,
  root,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  signUp,
  startChild,
  stopChild,
  tempDirs,
  waitForHealth,
} from './harness.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DAYS = 90;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const RANGES = ['1d', '7d', '30d', 'all'];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (n) => Math.round(n * 10) / 10;

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@bench.test', password: 'bench-password-1234' }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Sets up the website, its goal and two campaigns through the API. */
async function setUp(base) {
  const cookie = await signUp(base);
  const { json: site } = await api(base, cookie, 'POST', '/api/websites', {
    name: 'Query bench',
    rootDomain: 'bench.test',
  });
  const { json: goal } = await api(base, cookie, 'POST', `/api/websites/${site.id}/goals`, {
    name: 'Purchase',
    type: 'event',
    conditions: { event: 'purchase' },
    value: 49,
  });
  const campaigns = [];
  for (const [name, source, medium] of [
    ['Spring', 'google', 'cpc'],
    ['Retargeting', 'facebook', 'paid_social'],
  ]) {
    const { json } = await api(base, cookie, 'POST', `/api/websites/${site.id}/campaigns`, {
      name,
      network: 'Google Ads',
      source: 'Search',
      landingPage: 'https://bench.test/pricing',
      utmParams: { source, medium },
    });
    campaigns.push({ id: json.id, ocxid: json.ocxid, source, medium });
  }
  return { siteId: site.id, host: 'bench.test', goal: { id: goal.id, name: goal.name }, campaigns };
}

async function dashboard(base, cookie, siteId, range) {
  const started = performance.now();
  const res = await fetch(`${base}/api/analytics/dashboard?websiteId=${siteId}&range=${range}`, {
    headers: { cookie },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`dashboard answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** Every conversion gets its credits in the background after a start; measure once that is done. */
async function waitForCredits(base, cookie, siteId, expected) {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const { json } = await api(
      base,
      cookie,
      'GET',
      `/api/reports/attribution?websiteId=${siteId}&startDate=1970-01-01`,
    );
    const credited = json.models.last_touch.reduce((sum, r) => sum + r.conversions, 0);
    if (Math.round(credited) >= expected) return;
    if (Date.now() > deadline) throw new Error(`only ${credited} of ${expected} conversions credited`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-bench-query-'));
  tempDirs.add(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  let server = startChild('OCX server', [...SERVER_NODE_FLAGS, SERVER_MAIN], ocxServerEnv(port, dataDir));
  let seed;
  try {
    await waitForHealth(server, base);
    seed = { ...(await setUp(base)), count: EVENTS, days: DAYS };
  } finally {
    await stopChild(server);
  }

  console.log(`writing ${EVENTS} events over ${DAYS} days straight into the event store…`);
  const seedFile = join(dataDir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  const seeded = performance.now();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench', 'query-seed.ts'), join(dataDir, 'ocx.sqlite'), seedFile],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`query-seed.ts failed (${run.status})`);
  const wrote = JSON.parse(run.stdout.trim().split('\n').at(-1));
  const seedSeconds = (performance.now() - seeded) / 1000;
  const dbMb = statSync(join(dataDir, 'ocx.sqlite')).size / 1e6;
  console.log(
    `  ${wrote.events} events (${wrote.pageviews} pageviews, ${wrote.conversions} conversions, ${wrote.sessions} sessions, ${wrote.visitors} visitors) in ${ms(seedSeconds)} s (${Math.round(wrote.events / seedSeconds)} events/s); database ${ms(dbMb)} MB`,
  );

  server = startChild('OCX server', [...SERVER_NODE_FLAGS, SERVER_MAIN], ocxServerEnv(port, dataDir));
  try {
    await waitForHealth(server, base);
    const cookie = await signIn(base);
    const credited = performance.now();
    await waitForCredits(base, cookie, seed.siteId, wrote.conversions);
    console.log(
      `  ${wrote.conversions} conversions credited in ${ms((performance.now() - credited) / 1000)} s`,
    );

    const results = [];
    for (const range of RANGES) {
      const cold = await dashboard(base, cookie, seed.siteId, range);
      if (range === 'all') {
        // The rollups must agree with what was written.
        const d = cold.body;
        if (
          d.totalClicks !== wrote.pageviews ||
          d.uniqueVisitors !== wrote.visitors ||
          d.conversions !== wrote.conversions
        )
          throw new Error(
            `all time: dashboard says ${d.totalClicks} clicks, ${d.uniqueVisitors} visitors, ${d.conversions} conversions; wrote ${wrote.pageviews}, ${wrote.visitors}, ${wrote.conversions}`,
          );
      }
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push((await dashboard(base, cookie, seed.siteId, range)).ms);
      const r = {
        range,
        cold: cold.ms,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        clicks: cold.body.totalClicks,
      };
      results.push(r);
      console.log(
        `  ${range.padEnd(3)}: ${String(r.clicks).padStart(7)} clicks in range; first ${ms(r.cold)} ms, p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms over ${RUNS} runs`,
      );
    }
    const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(
      `bench:query events=${wrote.events} p50_ms=${ms(worst.p50)} p95_ms=${ms(worst.p95)} range=${worst.range} cold_ms=${ms(Math.max(...results.map((r) => r.cold)))} runs=${RUNS}`,
    );
  } finally {
    await stopChild(server);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
