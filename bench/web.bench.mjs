// `npm run bench:web` (not part of npm test): Lighthouse 12.2.3 with Debian's Chromium on the built
// app. Starts the built server on a temporary SQLite file, fills it with `npm run demo`'s data, signs
// in as the demo user and audits /login and the main screens in Lighthouse's mobile preset (a
// mid-range phone on a throttled 4G connection, its CPU BENCH_WEB_CPU_SLOWDOWN times slower than this
// machine's, 4 by default) and its desktop preset. Prints per route the
// performance and accessibility scores, LCP, total blocking time and bytes on the wire, from the
// median of BENCH_WEB_RUNS audits (3 by default), with each audit's performance score.
// Last line: bench:web cpu_slowdown=… min_perf_mobile=… min_perf_desktop=… min_a11y=… max_route_kb=… max_route_code_kb=…
// dashboard_kb=… dashboard_code_kb=… (…_kb: every byte of the route; …_code_kb: scripts and styles, the budget)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { EMAIL, PASSWORD } from '../scripts/demo/demo-config.mjs';
import {
  freePort,
  ocxServerEnv,
  root,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  startChild,
  stopChild,
  tempDirs,
  waitForHealth,
} from './harness.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL_ROUTES = [
  '/login',
  '/dashboard',
  '/analytics',
  '/campaigns',
  '/clicks-log',
  '/conversions-log',
  '/funnels',
];
// BENCH_WEB_CPU_SLOWDOWN: the mobile preset's CPU multiplier (Lighthouse's own default is 4). A
// machine faster than a user's phone or laptop flatters the scores; 6 stands for a slower machine.
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN) || 4;
const mobileConfig = {
  extends: 'lighthouse:default',
  settings: {
    throttling: { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
  },
};
const ALL_PRESETS = { mobile: mobileConfig, desktop: desktopConfig };
// BENCH_WEB_ROUTES=/dashboard,/login and BENCH_WEB_PRESETS=mobile narrow a run while profiling one screen.
const only = (name) => process.env[name]?.split(',').filter(Boolean);
const ROUTES = only('BENCH_WEB_ROUTES') ?? ALL_ROUTES;
// Audits per route and preset; the figures are Lighthouse's median run (computeMedianRun: nearest to
// the median FCP and time to interactive). One audit on this 2-core machine ranged 47–77 on a route.
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS) || 3);
const PRESETS = Object.fromEntries(
  Object.entries(ALL_PRESETS).filter(([name]) => only('BENCH_WEB_PRESETS')?.includes(name) ?? true),
);

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair = ''] = c.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * One audit in a browser context of its own (an empty cache, as a first visit), with the demo
 * user's session cookie set in it when the route needs one.
 */
async function audit(browser, url, preset, cookies) {
  // Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART) and asks to run again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, url, preset, cookies);
    } catch (err) {
      if (attempt === 3 || !/run Lighthouse again/.test(String(err))) throw err;
      console.log(`  (${preset} ${new URL(url).pathname}: ${String(err).split('\n')[0]}; again)`);
    }
  }
}

async function auditOnce(browser, url, preset, cookies) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const { hostname } = new URL(url);
    for (const c of cookies) await page.setCookie({ ...c, domain: hostname, path: '/', httpOnly: true });
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      PRESETS[preset],
      page,
    );
    if (result?.lhr.runtimeError) throw new Error(`${url} (${preset}): ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await context.close();
  }
}

/** RUNS audits of a route; the median run's figures, with every run's performance score beside them. */
async function auditMedian(browser, url, preset, cookies) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(browser, url, preset, cookies));
  const median = computeMedianRun(runs);
  if (process.env.BENCH_WEB_DUMP) {
    const name = `${preset}${new URL(url).pathname.replaceAll('/', '_')}.json`;
    writeFileSync(join(process.env.BENCH_WEB_DUMP, name), JSON.stringify(median));
  }
  return { ...summary(median), runs: runs.map((lhr) => summary(lhr).perf) };
}

function summary(lhr) {
  return {
    perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
    kb: Math.round((lhr.audits['total-byte-weight'].numericValue ?? 0) / 1024),
    // The issue's budget: scripts and styles together, as transferred (compressed).
    codeKb: Math.round(
      (lhr.audits['resource-summary'].details?.items ?? [])
        .filter((item) => item.resourceType === 'script' || item.resourceType === 'stylesheet')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    ),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-bench-web-'));
  tempDirs.add(dataDir);
  // BENCH_WEB_PORT / BENCH_WEB_CHROME_PORT pin the server's and Chromium's ports (a shared machine).
  const port = Number(process.env.BENCH_WEB_PORT) || (await freePort());
  // localhost, not 127.0.0.1: the address a user opens, and the one the session cookie is set for.
  const base = `http://localhost:${port}`;
  const env = { ...ocxServerEnv(port, dataDir), PUBLIC_URL: base, HOST: '127.0.0.1' };
  const server = startChild('OCX server', [...SERVER_NODE_FLAGS, SERVER_MAIN], env);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    ...(process.env.BENCH_WEB_CHROME_PORT ? { port: Number(process.env.BENCH_WEB_CHROME_PORT) } : {}),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    await waitForHealth(server, `http://127.0.0.1:${port}`);
    console.log('filling the demo data (npm run demo)…');
    const demo = spawnSync(process.execPath, [join(root, 'scripts', 'demo.mjs')], {
      cwd: root,
      env: { ...process.env, DEMO_URL: base },
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (demo.status !== 0) throw new Error(`npm run demo failed (${demo.status})`);
    const cookies = await signIn(base);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

    const rows = [];
    for (const preset of Object.keys(PRESETS)) {
      for (const route of ROUTES) {
        // /login is what a signed-out visitor opens; the others need the demo user's session.
        const r = await auditMedian(browser, `${base}${route}`, preset, route === '/login' ? [] : cookies);
        if (!r.finalUrl.includes(route)) throw new Error(`${route} ended at ${r.finalUrl}: not signed in?`);
        rows.push({ preset, route, ...r });
        console.log(
          `  ${preset.padEnd(7)} ${route.padEnd(16)} performance ${String(r.perf).padStart(3)}  accessibility ${String(r.a11y).padStart(3)}  LCP ${String(r.lcpMs).padStart(5)} ms  TBT ${String(r.tbtMs).padStart(5)} ms  ${String(r.kb).padStart(5)} KB (scripts+styles ${String(r.codeKb).padStart(4)} KB)${RUNS > 1 ? `  runs ${r.runs.join(', ')}` : ''}`,
        );
      }
    }
    const min = (list) => Math.min(...list);
    const of = (preset) => rows.filter((r) => r.preset === preset);
    const dashboard = rows.find((r) => r.preset === 'mobile' && r.route === '/dashboard');
    console.log(
      `bench:web cpu_slowdown=${CPU_SLOWDOWN} min_perf_mobile=${min(of('mobile').map((r) => r.perf))} min_perf_desktop=${min(of('desktop').map((r) => r.perf))} min_a11y=${min(rows.map((r) => r.a11y))} max_route_kb=${Math.max(...rows.map((r) => r.kb))} max_route_code_kb=${Math.max(...rows.map((r) => r.codeKb))} dashboard_kb=${dashboard?.kb} dashboard_code_kb=${dashboard?.codeKb}`,
    );
  } finally {
    chrome.kill();
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
