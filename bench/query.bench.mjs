// `npm run bench:query`: the dashboard over 1,000,000 events. Starts the built server on a temporary
// SQLite file and sets up a website like a user would, stops it, writes the events for 90 days
// straight into the event store (query-seed.ts: bulk transactions, no HTTP), starts the server
// again, waits until every conversion is credited, then measures GET /api/analytics/dashboard for
// each range over repeated runs with a signed-in session; then GET /api/analytics/breakdown for a
// dimension of each kind (an event column, pages, entry and exit pages, a session source, goals) per range.
// `--store clickhouse` puts the events in ClickHouse (chDB), `--events N` sets the size. On SQLite,
// BENCH_SEED_ONLY=1 stops after seeding and BENCH_REUSE=<data dir> measures such a seeded directory
// (with ClickHouse, BENCH_CHDB_DATA=<dir> keeps its events, and the same BENCH_DATABASE_URL).
// Last line: bench:query store=… events=… seed_s=… p50_ms=… p95_ms=… (the worst range) range=…
// p95_<range>_ms=… per range, cold_ms=… breakdown_p95_ms=… (the worst range and dimension)
// breakdown_range=… breakdown_dimension=… reads_p95_ms=… reads_worst=… (the Clicks and Conversions
// Logs' first page and filter values and the attribution report over 7 and 90 days; BENCH_READ_RUNS)
import { option, startClickHouse, stopClickHouse } from './bench-clickhouse.mjs';
import { ms, seededDataDir, startSeeded, waitForCredits } from './bench-website.mjs';
import { stopChild } from './harness.mjs';

/** `--events N` (or BENCH_EVENTS); `--store sqlite|clickhouse`: where the events live. */
const EVENTS = Number(option('events', process.env.BENCH_EVENTS ?? 1_000_000));
const STORE = option('store', 'sqlite');
/**
 * With `--store clickhouse`, BENCH_DATABASE_URL (an empty PostgreSQL database, migrated by the bench)
 * holds the metadata and derived rows as in a scaled-out setup; else SQLite in the data dir.
 */
const DATABASE_URL = STORE === 'clickhouse' ? (process.env.BENCH_DATABASE_URL ?? '') : '';
if (!['sqlite', 'clickhouse'].includes(STORE)) throw new Error(`--store ${STORE}: sqlite or clickhouse`);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const RANGES = ['1d', '7d', '30d', 'all'];
const BREAKDOWN_RUNS = Number(process.env.BENCH_BREAKDOWN_RUNS ?? 10);
/**
 * One dimension of each way a breakdown reads the events (core breakdownPlan), or the list in
 * BENCH_BREAKDOWN_DIMENSIONS (comma-separated, e.g. every dimension).
 */
const BREAKDOWN_DIMENSIONS = process.env.BENCH_BREAKDOWN_DIMENSIONS?.split(',') ?? [
  'country',
  'page',
  'entry_page',
  'exit_page',
  'utm_source',
  'goal',
];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function dashboard(base, cookie, siteId, range) {
  const started = performance.now();
  const res = await fetch(`${base}/api/analytics/dashboard?websiteId=${siteId}&range=${range}`, {
    headers: { cookie },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`dashboard answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

async function breakdown(base, cookie, siteId, range, dimension) {
  const started = performance.now();
  const res = await fetch(
    `${base}/api/analytics/breakdown?websiteId=${siteId}&range=${range}&dimension=${dimension}&limit=10`,
    { headers: { cookie } },
  );
  const body = await res.json();
  if (!res.ok) throw new Error(`breakdown answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** p50 and p95 of each breakdown dimension per range, beside the dashboard's. */
async function measureBreakdowns(base, cookie, siteId, wrote) {
  const results = [];
  for (const range of RANGES) {
    const line = [];
    for (const dimension of BREAKDOWN_DIMENSIONS) {
      const cold = await breakdown(base, cookie, siteId, range, dimension);
      if (range === 'all' && dimension === 'country' && cold.body.visitors !== wrote.visitors)
        throw new Error(`all time: breakdown says ${cold.body.visitors} visitors; wrote ${wrote.visitors}`);
      const times = [];
      for (let i = 0; i < BREAKDOWN_RUNS; i++)
        times.push((await breakdown(base, cookie, siteId, range, dimension)).ms);
      const r = {
        range,
        dimension,
        cold: cold.ms,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
      };
      results.push(r);
      line.push(`${dimension} ${ms(r.p95)}`);
    }
    console.log(`  breakdown ${range.padEnd(3)} p95 ms over ${BREAKDOWN_RUNS} runs: ${line.join(', ')}`);
  }
  return results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
}

/** What the logs and the attribution report load, over the last `days` days (on ClickHouse: its copies). */
const READS = [
  ['clicks', (q) => `/api/clicks?${q}&limit=100&offset=0`],
  ['click_filters', (q) => `/api/clicks/facets?${q}`],
  ['conversions', (q) => `/api/conversions?${q}&limit=100&offset=0`],
  ['report', (q) => `/api/reports/attribution?${q}`],
];
const READ_RUNS = Number(process.env.BENCH_READ_RUNS ?? 10);

async function measureReads(base, cookie, siteId) {
  let worst = { p95: 0, name: '', days: 0 };
  for (const days of [7, 90]) {
    const startDate = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const q = `websiteId=${siteId}&startDate=${startDate}`;
    const line = [];
    for (const [name, path] of READS) {
      const times = [];
      for (let i = 0; i <= READ_RUNS; i++) {
        const started = performance.now();
        const res = await fetch(`${base}${path(q)}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name} answered ${res.status}`);
        if (i > 0) times.push(performance.now() - started);
      }
      const p95 = percentile(times, 0.95);
      line.push(`${name} ${ms(p95)}`);
      if (p95 > worst.p95) worst = { p95, name, days };
    }
    console.log(`  logs and report, last ${days} days, p95 ms over ${READ_RUNS} runs: ${line.join(', ')}`);
  }
  return worst;
}

async function main() {
  // ClickHouse: the events there (chDB's engine behind its HTTP front), the rest in SQLite.
  const clickhouse = STORE === 'clickhouse' ? await startClickHouse() : null;
  const sql = DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `store: ${STORE}${clickhouse ? ` (${clickhouse.url}; metadata, sessions, clicks, conversions and rollups in ${sql})` : ''}`,
  );
  const seeded = await seededDataDir('query', EVENTS, 0.03, clickhouse?.url ?? null, DATABASE_URL);
  if (!seeded) return stopClickHouse(clickhouse);
  const { base, seed, wrote } = seeded;
  const { server, cookie } = await startSeeded(seeded);
  try {
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
    const perRange = results.map((r) => `p95_${r.range}_ms=${ms(r.p95)}`).join(' ');
    // On ClickHouse the breakdowns count its events (breakdown.repository.clickhouse.ts).
    const slowest = await measureBreakdowns(base, cookie, seed.siteId, wrote);
    const reads = await measureReads(base, cookie, seed.siteId);
    const breakdownPart = `breakdown_p95_ms=${ms(slowest.p95)} breakdown_range=${slowest.range} breakdown_dimension=${slowest.dimension} reads_p95_ms=${ms(reads.p95)} reads_worst=${reads.name}_${reads.days}d`;
    console.log(
      `bench:query store=${STORE}${DATABASE_URL ? '+postgres' : ''} events=${wrote.events} seed_s=${ms(seeded.seedSeconds)} p50_ms=${ms(worst.p50)} p95_ms=${ms(worst.p95)} range=${worst.range} ${perRange} cold_ms=${ms(Math.max(...results.map((r) => r.cold)))} runs=${RUNS} ${breakdownPart}`,
    );
  } finally {
    await stopChild(server);
    await stopClickHouse(clickhouse);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
