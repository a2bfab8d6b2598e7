// `npm run bench:soak` (not part of npm test): the BUILT server on SQLite under ten minutes of collect
// at half the rate it sustains flat out (measured first, as bench:ingest does), with a signed-in user
// reading the dashboard every second. It reports the server's memory (RSS, all threads) at the
// start, after two minutes and at the end, and each minute's p99 of collect and of the dashboard.
// Memory must not grow after the first two minutes (caches filled, JIT done): the run fails when the
// last minute's RSS is more than 10% above the second minute's. Last line is machine-readable.
//
// Settings (environment): BENCH_SOAK_MINUTES (default 10), BENCH_SOAK_RATE (events/s; default half
// of the calibration run), BENCH_CALIBRATE (s, default 20), BENCH_CONNECTIONS (default 50).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import {
  freePort,
  intEnv,
  ocxServerEnv,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  signUp,
  startChild,
  stopChild,
  tempDirs,
  waitForHealth,
} from './harness.mjs';
import { setUpWebsite } from './ingest-load.mjs';
import traffic from './traffic.cjs';

const { collectRequest, createTraffic } = traffic;

const settings = {
  minutes: intEnv('BENCH_SOAK_MINUTES', 10),
  rate: intEnv('BENCH_SOAK_RATE', 0),
  calibrate: intEnv('BENCH_CALIBRATE', 20),
  connections: intEnv('BENCH_CONNECTIONS', 50),
};
const RANGES = ['1d', '7d', '30d', 'all'];
const MB = 1024 * 1024;

/** Resident memory of the server process, all its threads (VmRSS from /proc, Linux). */
function rssBytes(proc) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.child.pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

function p99(values) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] * 10) / 10;
}

/** Collect load; every answer's status and latency go to `onAnswer`. */
function collectLoad(base, trafficOptions, options, onAnswer) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: settings.connections,
        pipelining: 1,
        timeout: 30,
        ...options,
        requests: [
          {
            method: 'POST',
            path: '/api/collect',
            setupRequest: collectRequest(createTraffic(trafficOptions)),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, status, _bytes, ms) => onAnswer(status, ms));
  });
}

function storedEvents(file, siteId) {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('select count(*) from event where website_id = ?').pluck().get(siteId);
  } finally {
    db.close();
  }
}

async function main() {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-soak-'));
  tempDirs.add(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startChild('OCX server', [...SERVER_NODE_FLAGS, SERVER_MAIN], ocxServerEnv(port, dataDir));
  try {
    await waitForHealth(server, base);
    const cookie = await signUp(base);
    const calibrationSite = await setUpWebsite(base, cookie, 'Soak calibration');
    const site = await setUpWebsite(base, cookie, 'Soak shop');

    let rate = settings.rate;
    if (rate === 0) {
      console.log(`calibrating: collect flat out for ${settings.calibrate} s…`);
      let ok = 0;
      const result = await collectLoad(
        base,
        { ...calibrationSite, seed: 7, tag: 'c' },
        { duration: settings.calibrate },
        (status) => {
          if (status >= 200 && status < 300) ok += 1;
        },
      );
      const full = ok / result.duration;
      rate = Math.max(1, Math.round(full / 2));
      console.log(`  ${Math.round(full)} events/s flat out → soak at ${rate} events/s`);
    }

    const minutes = Array.from({ length: settings.minutes }, () => ({
      collect: [],
      dashboard: [],
      dashboardErrors: 0,
      rss: 0,
      heap: 0,
    }));
    const startedAt = performance.now();
    const minuteOf = () =>
      Math.min(settings.minutes - 1, Math.floor((performance.now() - startedAt) / 60_000));
    const rssStart = rssBytes(server);
    // RSS from /proc; the JavaScript heap from /api/health's details (signed in).
    const sampler = setInterval(() => {
      const rss = rssBytes(server);
      const minute = minutes[minuteOf()];
      if (minute) minute.rss = Math.max(minute.rss, rss);
      fetch(`${base}/api/health`, { headers: { cookie } })
        .then((res) => res.json())
        .then((health) => {
          if (minute) minute.heap = Math.max(minute.heap, (health.memory?.heapUsedMb ?? 0) * MB);
        })
        .catch(() => {});
    }, 5_000);

    let running = true;
    const reader = (async () => {
      for (let i = 0; running; i++) {
        const begun = performance.now();
        const res = await fetch(
          `${base}/api/analytics/dashboard?websiteId=${site.siteId}&range=${RANGES[i % RANGES.length]}`,
          { headers: { cookie } },
        );
        await res.arrayBuffer();
        const minute = minutes[minuteOf()];
        if (minute) {
          minute.dashboard.push(performance.now() - begun);
          if (!res.ok) minute.dashboardErrors += 1;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - begun))));
      }
    })();

    console.log(
      `soak: ${settings.minutes} min of collect at ${rate} events/s, the dashboard read every second…`,
    );
    const tally = { ok: 0, other: 0, statuses: {} };
    let reported = 0;
    await collectLoad(
      base,
      { ...site, seed: 42, tag: 's' },
      { duration: settings.minutes * 60, overallRate: rate },
      (status, ms) => {
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) tally.ok += 1;
        else tally.other += 1;
        const m = minuteOf();
        minutes[m]?.collect.push(ms);
        while (reported < m) {
          const done = minutes[reported];
          console.log(
            `  minute ${reported + 1}: collect p99 ${p99(done.collect)} ms (${done.collect.length} answers), ` +
              `dashboard p99 ${p99(done.dashboard)} ms, RSS ${Math.round(done.rss / MB)} MB, ` +
              `JS heap ${Math.round(done.heap / MB)} MB`,
          );
          done.collect = [p99(done.collect)];
          reported += 1;
        }
      },
    );
    running = false;
    await reader;
    clearInterval(sampler);
    const rssEnd = rssBytes(server);

    const last = minutes[settings.minutes - 1];
    console.log(
      `  minute ${settings.minutes}: collect p99 ${p99(last.collect)} ms, dashboard p99 ${p99(last.dashboard)} ms, ` +
        `RSS ${Math.round(last.rss / MB)} MB, JS heap ${Math.round(last.heap / MB)} MB`,
    );
    const collectP99 = minutes.map((m, i) => (i < reported ? m.collect[0] : p99(m.collect)));
    const dashboardP99 = minutes.map((m) => p99(m.dashboard));
    const dashboardErrors = minutes.reduce((sum, m) => sum + m.dashboardErrors, 0);

    // Memory after the first two minutes: the second minute's peak is the baseline.
    const baseline = minutes[Math.min(1, settings.minutes - 1)].rss;
    const tail = Math.max(last.rss, rssEnd);
    const growth = tail - baseline;
    const grew = growth > baseline * 0.1;

    // Everything acknowledged is stored (derivation may still run; the events are in the file).
    await new Promise((r) => setTimeout(r, 1000));
    const stored = storedEvents(join(dataDir, 'ocx.sqlite'), site.siteId);
    const lost = Math.max(0, tally.ok - stored);
    const failed = grew || lost > 0 || tally.other > 0 || dashboardErrors > 0;

    console.log('');
    console.log(
      `collect: ${tally.ok} × 2xx, ${tally.other} other (${JSON.stringify(tally.statuses)}); stored ${stored}, lost ${lost}`,
    );
    console.log(
      `dashboard: ${minutes.reduce((s, m) => s + m.dashboard.length, 0)} reads, ${dashboardErrors} failed`,
    );
    console.log(
      `RSS: start ${Math.round(rssStart / MB)} MB, minute 2 ${Math.round(baseline / MB)} MB, end ${Math.round(tail / MB)} MB ` +
        `(${growth >= 0 ? '+' : ''}${Math.round(growth / MB)} MB after the first two minutes${grew ? ': GREW' : ''})`,
    );
    console.log(
      `bench:soak minutes=${settings.minutes} rate=${rate} ok=${tally.ok} other=${tally.other} stored=${stored} lost=${lost} ` +
        `rss_start_mb=${Math.round(rssStart / MB)} rss_2min_mb=${Math.round(baseline / MB)} rss_end_mb=${Math.round(tail / MB)} ` +
        `rss_growth_after_2min_mb=${Math.round(growth / MB)} heap_mb_per_min=${minutes.map((m) => Math.round(m.heap / MB)).join(',')} ` +
        `rss_mb_per_min=${minutes.map((m) => Math.round(m.rss / MB)).join(',')} collect_p99_ms_per_min=${collectP99.join(',')} ` +
        `dashboard_p99_ms_per_min=${dashboardP99.join(',')} dashboard_errors=${dashboardErrors} ok=${!failed}`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await stopChild(server);
  }
}

await main();
