// `npm run bench:writer` (issue 24): the SQLite event writer alone — commits and derivation passes
// as the writer thread runs them (SqliteBatchWriter, from the sources through tsx), with no HTTP
// thread, client or kernel network work in the figures. Reports the writer's CPU and the bytes the
// process wrote (WAL and checkpoints, from /proc/self/io) per event: the two figures that decide
// how much of the machine collect leaves to the HTTP thread. Traffic in the shape of bench:ingest's
// (traffic.cjs): 8,000 visitors, 20,000 visits side by side, ~4 events a visit, 16 pages, a country,
// region, city, browser and device per visitor; eventIds random as the tracker makes them (bench:ingest numbers them).
//
// Settings (environment): BENCH_WRITER_EVENTS (default 100000), BENCH_WRITER_COMMIT (events per
// commit, default 40: above the server's deferAt, so derivation runs in passes as under load),
// BENCH_WRITER_WITHOUT (rollups left unwritten, comma-separated: dashboard, breakdown, session; each
// one's share of the CPU and bytes per event is the difference to a run with every rollup on).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { intEnv } from './harness.mjs';

const server = new URL('../apps/server/src/', import.meta.url).href;
const { openDatabase } = await import(`${server}db/database.ts`);
const { migrateToLatest } = await import(`${server}migrations/migrate.ts`);
const { SqliteBatchWriter, DERIVE_CHUNK } = await import(`${server}storage/events/sqlite-batch-writer.ts`);

const EVENTS = intEnv('BENCH_WRITER_EVENTS', 100_000);
const COMMIT = intEnv('BENCH_WRITER_COMMIT', 40);
const DEFER_AT = 32;
const ROLLUP_SETS = ['dashboard', 'breakdown', 'session'];
const WITHOUT = (process.env.BENCH_WRITER_WITHOUT ?? '').split(',').filter(Boolean);
for (const set of WITHOUT)
  if (!ROLLUP_SETS.includes(set))
    throw new Error(`BENCH_WRITER_WITHOUT: ${set} is none of ${ROLLUP_SETS.join(', ')}`);

const PAGES = [
  '/',
  '/spring',
  '/products',
  '/products/espresso-machine',
  '/products/burr-grinder',
  '/products/milk-frother',
  '/cart',
  '/checkout',
  '/thank-you',
  '/blog/how-to-brew',
  '/blog/beans',
  '/about',
  '/pricing',
  '/contact',
  '/signup',
  '/docs',
];
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'NL', 'SE', 'IT', 'ES', null];
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge'];
const DEVICES = ['desktop', 'mobile', 'tablet'];

let seed = 0x2545f491;
const random = (n) => {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed % n;
};

const visits = Array.from({ length: 20_000 }, (_, i) => ({
  id: `s-${i}`,
  visitor: i % 8_000,
  left: 1 + random(7),
}));
/** As the tracker makes them (apps/tracker/src/ids.ts): 128 random bits, so the unique index takes them anywhere. */
const randomId = () => Array.from({ length: 4 }, () => random(2 ** 32)).join('_');
let clock = Date.UTC(2026, 4, 4, 9);
let sequence = 0;

function nextEvent() {
  const visit = visits[random(visits.length)];
  visit.left -= 1;
  if (visit.left === 0) Object.assign(visit, { id: `s-${visit.visitor}-${sequence}`, left: 1 + random(7) });
  clock += 3;
  sequence += 1;
  const v = visit.visitor;
  const path = PAGES[random(PAGES.length)];
  return {
    websiteId: 'bench-site',
    type: 'pageview',
    eventId: randomId(),
    visitorId: `visitor-${v}`,
    sessionId: visit.id,
    ts: clock,
    url: `https://www.bench.test${path}`,
    host: 'www.bench.test',
    path,
    query: '',
    title: 'Bench',
    referrer: null,
    name: null,
    selector: null,
    value: null,
    currency: null,
    props: null,
    userId: null,
    granted: null,
    linkFrom: null,
    ip: '203.0.113.0',
    userAgent: '',
    website: null,
    country: COUNTRIES[v % COUNTRIES.length],
    region: `Region ${v % 40}`,
    city: `City ${v % 300}`,
    deviceType: DEVICES[v % DEVICES.length],
    browser: BROWSERS[v % BROWSERS.length],
    os: 'Linux',
    screen: 'desktop',
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    ocxid: null,
    campaignId: null,
    clickIdType: null,
    clickId: null,
    referrerDomain: null,
    channel: 'Direct',
    goalMatches: [],
    notices: [],
  };
}

const bytesWritten = () => Number(/write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0);

const dir = mkdtempSync(join(tmpdir(), 'ocx-writer-bench-'));
const database = openDatabase({ dialect: 'sqlite', file: join(dir, 'ocx.db') });
await migrateToLatest(database);
const writer = new SqliteBatchWriter(database.sqlite, { deferAt: DEFER_AT, without: WITHOUT });

/** Commits as the writer thread does under load: a pass of DERIVE_CHUNK events once that many wait. */
function write(events) {
  for (let i = 0; i < events; i += COMMIT) {
    writer.commit([Array.from({ length: COMMIT }, nextEvent)]);
    if (writer.pending() >= DERIVE_CHUNK) writer.derive();
  }
  while (writer.pending() > 0) writer.derive();
}

write(20_000); // warm-up: statements prepared, tables past their first pages
const written0 = bytesWritten();
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
write(EVENTS);
const cpu = process.cpuUsage(cpu0);
const wallUs = (performance.now() - wall0) * 1000;
const kib = (bytesWritten() - written0) / 1024;
database.sqlite.close();
rmSync(dir, { recursive: true, force: true });

const perEvent = (x) => (x / EVENTS).toFixed(1);
const rollups = WITHOUT.length ? `without the ${WITHOUT.join(', ')} rollups` : 'every rollup on';
console.log(`SQLite writer, ${EVENTS} events in commits of ${COMMIT}, passes of ${DERIVE_CHUNK}, ${rollups}`);
console.log(
  `  CPU ${perEvent(cpu.user + cpu.system)} µs per event (user ${perEvent(cpu.user)}, system ${perEvent(cpu.system)}); wall ${perEvent(wallUs)} µs`,
);
console.log(`  written ${perEvent(kib)} KiB per event`);
console.log(
  `bench:writer events=${EVENTS} without=${WITHOUT.join(',') || 'none'} cpu_us_per_event=${perEvent(cpu.user + cpu.system)} wall_us_per_event=${perEvent(wallUs)} kib_written_per_event=${perEvent(kib)}`,
);
