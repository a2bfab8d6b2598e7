// Shared by bench:query and bench:recompute: a website set up through the API like a user would,
// then `count` events for 90 days written straight into its SQLite file (query-seed.ts), and the
// wait until every conversion is credited.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  api,
  freePort,
  intEnv,
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

const DAYS = 90;
export const ms = (n) => Math.round(n * 10) / 10;

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

/**
 * A data directory with the website and `count` events; `buyRate` is the share of sessions that end
 * in a purchase (a conversion). Returns where the server should run and what was written; null
 * when BENCH_SEED_ONLY=1 (seeded, nothing to measure).
 */
export async function seededDataDir(name, count, buyRate, clickhouseUrl = null, databaseUrl = '') {
  if (process.env.BENCH_REUSE) return reusedDataDir(process.env.BENCH_REUSE, clickhouseUrl, databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), `ocx-bench-${name}-`));
  tempDirs.add(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, dataDir, clickhouseUrl, databaseUrl);

  const server = startChild('OCX server', [...SERVER_NODE_FLAGS, SERVER_MAIN], env);
  let seed;
  try {
    await waitForHealth(server, base);
    seed = { ...(await setUp(base)), count, days: DAYS, buyRate };
  } finally {
    await stopChild(server);
  }

  console.log(`writing ${count} events over ${DAYS} days straight into the event store…`);
  const seedFile = join(dataDir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  const seeded = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'bench', 'query-seed.ts'),
      databaseUrl || join(dataDir, 'ocx.sqlite'),
      seedFile,
      ...(clickhouseUrl ? [clickhouseUrl] : []),
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`query-seed.ts failed (${run.status})`);
  const wrote = JSON.parse(run.stdout.trim().split('\n').at(-1));
  const seedSeconds = (performance.now() - seeded) / 1000;
  const dbMb = databaseUrl ? await postgresMb(databaseUrl) : statSync(join(dataDir, 'ocx.sqlite')).size / 1e6;
  console.log(
    `  ${wrote.events} events (${wrote.pageviews} pageviews, ${wrote.conversions} conversions, ${wrote.sessions} sessions, ${wrote.visitors} visitors) in ${ms(seedSeconds)} s (${Math.round(wrote.events / seedSeconds)} events/s); database ${ms(dbMb)} MB`,
  );
  const stores = { clickhouse: Boolean(clickhouseUrl), databaseUrl };
  writeFileSync(join(dataDir, 'wrote.json'), JSON.stringify({ wrote, seedSeconds, stores }));
  if (process.env.BENCH_SEED_ONLY === '1') {
    // Seeded, to be measured later (BENCH_REUSE): at 10M events seeding alone takes half an hour
    // (on ClickHouse with PostgreSQL, over an hour); the events must outlive this run.
    if (clickhouseUrl && !process.env.BENCH_CHDB_DATA)
      throw new Error('BENCH_SEED_ONLY with ClickHouse: set BENCH_CHDB_DATA to keep its events');
    tempDirs.delete(dataDir);
    console.log(`bench: seeded ${dataDir}; measure it with BENCH_REUSE=${dataDir}`);
    return null;
  }
  return { dataDir, port, base, seed, wrote, seedSeconds, clickhouseUrl, databaseUrl };
}

/**
 * A data directory a BENCH_SEED_ONLY run seeded, with the stores it was seeded into: its SQLite
 * file, or the same BENCH_DATABASE_URL and, for ClickHouse, the same BENCH_CHDB_DATA.
 */
async function reusedDataDir(dataDir, clickhouseUrl, databaseUrl) {
  const seed = JSON.parse(readFileSync(join(dataDir, 'seed.json'), 'utf8'));
  const { wrote, seedSeconds, stores } = JSON.parse(readFileSync(join(dataDir, 'wrote.json'), 'utf8'));
  const seededInto = stores ?? { clickhouse: false, databaseUrl: '' };
  if (seededInto.clickhouse !== Boolean(clickhouseUrl) || seededInto.databaseUrl !== databaseUrl)
    throw new Error(
      `BENCH_REUSE: ${dataDir} was seeded with ${JSON.stringify(seededInto)}; this run has ClickHouse ${Boolean(clickhouseUrl)}, database ${databaseUrl || 'SQLite'}`,
    );
  if (clickhouseUrl && !process.env.BENCH_CHDB_DATA)
    throw new Error('BENCH_REUSE with ClickHouse: set BENCH_CHDB_DATA to the seeded events');
  const port = await freePort();
  console.log(`reusing ${dataDir}: ${wrote.events} events, seeded in ${ms(seedSeconds)} s`);
  return {
    dataDir,
    port,
    base: `http://127.0.0.1:${port}`,
    seed,
    wrote,
    seedSeconds,
    clickhouseUrl,
    databaseUrl,
  };
}

/** The size of the database at `url` (PostgreSQL), in MB. */
async function postgresMb(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select pg_database_size(current_database()) as bytes');
    return Number(rows[0].bytes) / 1e6;
  } finally {
    await client.end();
  }
}

/** The server's environment: SQLite in the data dir, or `databaseUrl`; events in ClickHouse when given. */
function serverEnv(port, dataDir, clickhouseUrl, databaseUrl) {
  return {
    ...ocxServerEnv(port, dataDir),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(clickhouseUrl ? { CLICKHOUSE_URL: clickhouseUrl } : {}),
  };
}

/** Starts the server on a seeded data directory and signs in. */
export async function startSeeded({ dataDir, port, base, clickhouseUrl, databaseUrl }) {
  const env = serverEnv(port, dataDir, clickhouseUrl, databaseUrl);
  const server = startChild('OCX server', [...SERVER_NODE_FLAGS, SERVER_MAIN], env);
  try {
    // A seeded database from an earlier build migrates first (at 10M events, minutes).
    const starting = performance.now();
    await waitForHealth(server, base, 15 * 60_000);
    console.log(`  server answered in ${ms((performance.now() - starting) / 1000)} s`);
    return { server, cookie: await signIn(base) };
  } catch (err) {
    await stopChild(server);
    throw err;
  }
}

/**
 * Every conversion gets its credits in the background after a start; measure once that is done.
 * BENCH_CREDIT_MINUTES (default 15) bounds the wait: crediting 90k conversions over 10M events takes longer.
 */
export async function waitForCredits(base, cookie, siteId, expected) {
  const deadline = Date.now() + intEnv('BENCH_CREDIT_MINUTES', 15) * 60_000;
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
