// `npm run bench:logs`: the Clicks Log over 50,000 clicks. Starts the built server on a temporary
// SQLite file, sends 50,000 visits (one click each) through the real collect endpoint, then measures
// the first page of GET /api/clicks (what the Clicks Log loads), the filter values, and streaming the
// CSV export of all of them, with the server's memory before and after.
// Last line: bench:logs clicks=… first_page_p50_ms=… first_page_p95_ms=… facets_ms=… export_ms=… export_rows=… export_mb=… rss_mb=…
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  api,
  BENCH_UA,
  freePort,
  ocxServerEnv,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  signUp,
  startChild,
  stopChild,
  tempDirs,
  waitForHealth,
} from './harness.mjs';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 50_000);
const RUNS = 30;
const DAY = 86_400_000;
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (n) => Math.round(n * 10) / 10;

async function seed(base, siteId, ocxid) {
  const now = Date.now();
  const sources = ['google', 'facebook', 'newsletter', 'bing'];
  for (let i = 0; i < CLICKS; i += 100) {
    const events = Array.from({ length: Math.min(100, CLICKS - i) }, (_, j) => {
      const n = i + j;
      const query =
        n % 4 === 0
          ? `?ocxid=${ocxid}&utm_source=${sources[n % 4]}&utm_medium=cpc`
          : n % 4 === 1
            ? `?utm_source=${sources[n % 4]}&utm_medium=social`
            : '';
      return {
        type: 'pageview',
        url: `https://bench.test/landing-${n % 50}${query}`,
        referrer: n % 3 === 0 ? 'https://www.google.com/' : undefined,
        visitorId: `visitor-${String(n).padStart(8, '0')}`,
        sessionId: `session-${String(n).padStart(8, '0')}`,
        eventId: `event-${String(n).padStart(8, '0')}`,
        ts: now - (n % (6 * 24 * 60)) * 60_000 - 1000,
      };
    });
    const res = await fetch(`${base}/api/collect`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': BENCH_UA },
      body: JSON.stringify({ site: siteId, events }),
    });
    if (res.status !== 202) throw new Error(`collect answered ${res.status}: ${await res.text()}`);
  }
}

async function rssMb(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-bench-logs-'));
  tempDirs.add(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startChild('OCX server', [...SERVER_NODE_FLAGS, SERVER_MAIN], ocxServerEnv(port, dataDir));
  try {
    await waitForHealth(server, base);
    const cookie = await signUp(base);
    const { json: site } = await api(base, cookie, 'POST', '/api/websites', {
      name: 'Logs bench',
      rootDomain: 'bench.test',
    });
    const { json: campaign } = await api(base, cookie, 'POST', `/api/websites/${site.id}/campaigns`, {
      name: 'Spring',
      network: 'Google Ads',
      source: 'Search',
      landingPage: 'https://bench.test/spring',
    });
    console.log(`seeding ${CLICKS} clicks through /api/collect…`);
    const seeded = performance.now();
    await seed(base, site.id, campaign.ocxid);
    console.log(`  seeded in ${ms((performance.now() - seeded) / 1000)} s`);

    const range = `websiteId=${site.id}&startDate=${new Date(Date.now() - 7 * DAY).toISOString()}`;
    const rssBefore = await rssMb(server.child.pid);
    const times = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/clicks?${range}&limit=10&offset=0`, { headers: { cookie } });
      await res.json();
      times.push(performance.now() - started);
      total = Number(res.headers.get('x-total-count'));
    }
    if (total !== CLICKS) throw new Error(`expected ${CLICKS} clicks in range, the API counts ${total}`);
    const facetsStart = performance.now();
    await (await fetch(`${base}/api/clicks/facets?${range}`, { headers: { cookie } })).json();
    const facetsMs = performance.now() - facetsStart;

    const exportStart = performance.now();
    const res = await fetch(`${base}/api/clicks/export?${range}`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body) {
      if (bytes === 0) firstByteMs = performance.now() - exportStart;
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines += 1;
    }
    const exportMs = performance.now() - exportStart;
    const rssAfter = await rssMb(server.child.pid);
    if (lines - 1 !== CLICKS) throw new Error(`the export has ${lines - 1} rows, expected ${CLICKS}`);

    console.log(
      `first page (10 of ${total}): p50 ${ms(percentile(times, 0.5))} ms, p95 ${ms(percentile(times, 0.95))} ms over ${RUNS} runs`,
    );
    console.log(`filter values: ${ms(facetsMs)} ms`);
    console.log(
      `CSV export: ${lines - 1} rows, ${ms(bytes / 1e6)} MB, first byte after ${ms(firstByteMs)} ms, all in ${ms(exportMs)} ms`,
    );
    console.log(`server memory (RSS): ${rssBefore} MB before the export, ${rssAfter} MB after`);
    console.log(
      `bench:logs clicks=${total} first_page_p50_ms=${ms(percentile(times, 0.5))} first_page_p95_ms=${ms(percentile(times, 0.95))} facets_ms=${ms(facetsMs)} export_ms=${ms(exportMs)} export_rows=${lines - 1} export_mb=${ms(bytes / 1e6)} rss_mb=${rssAfter}`,
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
