import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type FaultDatabase, postgresFaultDatabase, sqliteFaultDatabase } from './test/fault-targets';
import {
  CHROME_UA,
  post,
  type ServerProcess,
  signUpCookie,
  startServerProcess,
  stopServerProcess,
} from './test/server-process';
import { pgAddress, startTcpProxy, type TcpProxy, viaProxy } from './test/tcp-proxy';
import { as, healthDetails, testConfig } from './test/test-app';
import { createTestTarget, dialects, type TestTarget } from './test/test-database';
import {
  collectEvents,
  pageview,
  type TrackedSite,
  trackedSite,
  trackerId,
} from './test/tracked-site.fixture';

// docs/decisions.md#nothing-acknowledged-is-lost "Nothing acknowledged is lost": a real server process (from source, on SQLite and on
// PostgreSQL) is killed with SIGKILL while collect requests are in flight, restarted on the same
// database and killed again; every event answered 2xx must be stored.

const LOOPS = 20;
const EVENTS_PER_REQUEST = 5;
/**
 * Each kill comes once this many events are acknowledged, however long a busy machine takes (a
 * time limit here failed CI: a process started from source on a loaded machine acknowledged 0 and
 * 425 events in 15 s); a run whose answers go wrong stops at MAX_UNEXPECTED of them instead.
 */
const KILL_AFTER_ACKED = 500;
const MAX_UNEXPECTED = 20;
/** Kill, restart on the same data directory, kill again: each round is another chance to catch a loss. */
const ROUNDS = 3;

const AUTH_SECRET = randomBytes(32).toString('hex');
let dataDir = '';
let database: FaultDatabase | null = null;
let server: ServerProcess | null = null;

const startServer = () => startServerProcess(dataDir, { AUTH_SECRET, ...database?.env });
const api = (path: string, body: unknown, cookie = '') => {
  if (!server) throw new Error('no server');
  return post(server.base, path, body, cookie ? { cookie } : {});
};

/** A signed-up owner with shop.test, a goal and a campaign, all through the HTTP API. */
async function setUpWebsite(): Promise<{ siteId: string; ocxid: string }> {
  if (!server) throw new Error('no server');
  const cookie = await signUpCookie(server.base, 'durability@example.com');
  const site = (await (
    await api('/api/websites', { name: 'Shop', rootDomain: 'shop.test' }, cookie)
  ).json()) as {
    id: string;
  };
  await api(
    `/api/websites/${site.id}/goals`,
    { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
    cookie,
  );
  const campaign = (await (
    await api(
      `/api/websites/${site.id}/campaigns`,
      { name: 'Spring', network: 'Google Ads', source: 'Search', landingPage: 'https://shop.test/spring' },
      cookie,
    )
  ).json()) as { ocxid: string };
  return { siteId: site.id, ocxid: campaign.ocxid };
}

function batch(round: number, loop: number, seq: number, ocxid: string) {
  const visitor = `visitor-${String(loop).padStart(4, '0')}`;
  return Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => {
    const base = {
      url:
        i === 0
          ? `https://shop.test/spring?ocxid=${ocxid}&gclid=Cj0KCQ${loop}x${seq}`
          : `https://shop.test/p/${i}`,
      visitorId: visitor,
      sessionId: `${visitor}-r${round}-s${Math.floor(seq / 10)}`,
      eventId: `ev-${round}-${loop}-${seq}-${i}`,
    };
    return i === EVENTS_PER_REQUEST - 1
      ? { ...base, type: 'custom', name: 'purchase', value: 20 + i, currency: 'EUR' }
      : { ...base, type: 'pageview', title: `Page ${i}` };
  });
}

/**
 * LOOPS concurrent collect loops against `running`; SIGKILL once KILL_AFTER_ACKED events are
 * acknowledged (or MAX_UNEXPECTED answers were not 2xx). Every event of every 2xx answer goes to
 * `acknowledged`.
 */
async function loadAndKill(round: number, running: ServerProcess, siteId: string, ocxid: string) {
  const acknowledged: string[] = [];
  const unexpected: string[] = [];
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    running.child.kill('SIGKILL');
  };

  const loop = async (n: number) => {
    for (let seq = 0; !killed; seq++) {
      const events = batch(round, n, seq, ocxid);
      let text: string;
      let status: number;
      try {
        const res = await fetch(`${running.base}/api/collect`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME_UA },
          body: JSON.stringify({ site: siteId, events }),
        });
        status = res.status;
        text = await res.text();
      } catch {
        return; // the server is gone (an answer cut off mid-way is no acknowledgement)
      }
      if (status < 200 || status >= 300) {
        if (!killed) unexpected.push(`${status} ${text}`);
        if (unexpected.length >= MAX_UNEXPECTED) kill();
        continue;
      }
      const answer = JSON.parse(text) as { accepted: number; dropped: { index: number }[] };
      const droppedIndexes = new Set(answer.dropped.map((d) => d.index));
      if (droppedIndexes.size > 0) unexpected.push(`dropped ${text}`);
      events.forEach((e, i) => {
        if (!droppedIndexes.has(i)) acknowledged.push(e.eventId);
      });
      if (acknowledged.length >= KILL_AFTER_ACKED) kill();
    }
  };
  await Promise.all(Array.from({ length: LOOPS }, (_, n) => loop(n)));
  // Every loop also ends when requests fail (the server died by itself): it is killed all the same.
  kill();
  await running.exited;
  return { acknowledged, unexpected };
}

describe.each(dialects)('collect durability (real process, %s)', (dialect) => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ocx-durability-'));
    database =
      dialect === 'sqlite'
        ? sqliteFaultDatabase(dataDir)
        : await postgresFaultDatabase(process.env.TEST_DATABASE_URL ?? '');
    server = await startServer();
  });

  afterAll(async () => {
    await stopServerProcess(server);
    server = null;
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged event across SIGKILLs mid-load and restarts on the same database', async () => {
    const db = database;
    if (!db) throw new Error('no database');
    const { siteId, ocxid } = await setUpWebsite();
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Later rounds start a new process on the killed one's database (WAL recovery included).
      if (round > 0) server = await startServer();
      const running = server;
      if (!running) throw new Error('no server');
      const result = await loadAndKill(round, running, siteId, ocxid);
      expect(result.unexpected).toEqual([]);
      expect(result.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKED);
      acknowledged.push(...result.acknowledged);
    }

    const stored = await db.storedEventIds(siteId);
    const missing = acknowledged.filter((id) => !stored.has(id));
    expect(missing.slice(0, 20), `${missing.length} acknowledged events are not stored`).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);

    // Events stored but not yet derived when the process died (675 in one SQLite run) are derived by
    // the next start; PostgreSQL derives them in the commit that stores them.
    server = await startServer();
    for (let i = 0; i < 200 && (await db.underived(siteId)) > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await db.underived(siteId)).toBe(0);
  }, 300_000);
});

// PostgreSQL stopped while collecting: a TCP proxy between the server and the (shared) PostgreSQL
// is cut and restored, so the machine's cluster keeps running for everything else.
describe.each(dialects.filter((d) => d === 'postgres'))('collect while %s is unreachable', () => {
  let proxy: TcpProxy;
  let target: TestTarget;
  let app: FastifyInstance;
  let site: TrackedSite;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    proxy = await startTcpProxy(pgAddress(url));
    target = await createTestTarget('postgres');
    const schema = target.database.dialect === 'postgres' ? target.database.schema : undefined;
    app = await buildApp(
      testConfig(target.dataDir, { dialect: 'postgres', url: viaProxy(url, proxy), schema }),
      { logger: false },
    );
    site = await trackedSite(app);
  });
  afterAll(async () => {
    await proxy.restore();
    await app.close();
    await proxy.close();
    await target.drop();
  });

  const send = (events: object[]) => collectEvents(app, site.siteId, events);
  const stored = async () =>
    new Set(
      (
        (
          await app.inject({
            method: 'GET',
            url: `/api/websites/${site.siteId}/events?limit=200`,
            headers: as(site.owner),
          })
        ).json() as { eventId: string }[]
      ).map((e) => e.eventId),
    );

  it('answers 503 while the database is gone, stores what it acknowledged, and takes the retries after', async () => {
    const before = pageview({ eventId: trackerId('up') });
    expect((await send([before])).statusCode).toBe(202);

    await proxy.cut();
    const refused = [pageview({ eventId: trackerId('down') }), pageview({ eventId: trackerId('down') })];
    for (const event of refused) {
      const res = await send([event]);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'The database is unavailable at the moment. Please try again shortly.',
      });
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect([health.statusCode, health.json()]).toEqual([503, { status: 'degraded' }]);

    // Back: the tracker's queue sends the refused events again; each is stored once.
    await proxy.restore();
    let retried = await send(refused);
    for (let i = 0; i < 5 && retried.statusCode !== 202; i++) retried = await send(refused);
    expect(retried.statusCode).toBe(202);
    expect((await send(refused)).statusCode).toBe(202);
    const ids = await stored();
    for (const event of [before, ...refused]) expect(ids.has(event.eventId as string)).toBe(true);
    expect((await healthDetails(app)).ingest.duplicates).toBeGreaterThanOrEqual(2);
  });
});
