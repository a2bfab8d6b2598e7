import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { chRows } from './storage/clickhouse/clickhouse-query';
import { createTestClickHouse } from './test/clickhouse/test-clickhouse';
import { startReceiver } from './test/http-receiver.fixture';
import { startRoundRobinProxy } from './test/round-robin-proxy';
import {
  CHROME_UA,
  postJson,
  type ServerProcess,
  signUpCookie,
  startServerProcess,
  stopServerProcess,
} from './test/server-process';
import { dialects } from './test/test-database';
import { testRedisUrls } from './test/test-redis';

// Two app server processes on one PostgreSQL schema behind a round-robin proxy: collect, server-to-
// server conversions, a recompute and postbacks all go through both, and every event is stored once,
// every conversion credited once (per settings version) and every postback delivered once.

const VISITORS = 30;
const S2S_FIRST = 24;
const S2S_DURING_RECOMPUTE = 10;

async function waitUntil(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** At most `limit` of `jobs` at once. */
async function inParallel<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await job(item);
    }),
  );
}

// The proxy the test stands on (on every run; the two servers need PostgreSQL): each request goes
// to the next backend, also on one kept-alive connection, as a load balancer's round robin does.
describe('the round-robin proxy of the two-instance test', () => {
  it('hands each request to the next backend in turn', async () => {
    const backends = [await startReceiver(), await startReceiver()];
    const proxy = await startRoundRobinProxy();
    try {
      for (const b of backends) {
        proxy.backends.push({ host: '127.0.0.1', port: b.port });
        proxy.served.push(0);
      }
      for (let i = 0; i < 5; i++) expect((await fetch(`${proxy.base}/call-${i}`)).status).toBe(200);
      expect(backends.map((b) => b.hits)).toEqual([
        ['/call-0', '/call-2', '/call-4'],
        ['/call-1', '/call-3'],
      ]);
      expect(proxy.served).toEqual([3, 2]);
    } finally {
      await proxy.close();
      for (const b of backends) await b.close();
    }
  });
});

/** Events in PostgreSQL, or in one ClickHouse the two servers share (with copies of the clicks, conversions and credits). */
const eventStores = dialects.includes('postgres') ? ['postgres', 'clickhouse'] : [];

for (const store of eventStores) {
  describe(`two app servers on one PostgreSQL database, events in ${store}`, () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `ocx_multi_${randomBytes(6).toString('hex')}`;
    const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'ocx-multi-')));
    const servers: (ServerProcess | null)[] = [];
    const cleanups: (() => Promise<unknown>)[] = [];
    const db = new pg.Client({ connectionString: url });

    afterAll(async () => {
      for (const server of servers) await stopServerProcess(server);
      for (const cleanup of cleanups.reverse()) await cleanup();
      await db.query(`drop schema if exists ${schema} cascade`);
      await db.end();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('stores every event once, credits every conversion once and delivers every postback once', async () => {
      await db.connect();
      await db.query(`create schema ${schema}`);
      const receiver = await startReceiver();
      cleanups.push(() => receiver.close());
      const proxy = await startRoundRobinProxy();
      cleanups.push(() => proxy.close());
      const base = proxy.base;
      const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const env = {
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: base,
        AUTH_SECRET: 'm'.repeat(64),
        POSTBACK_ALLOW_PRIVATE: 'true',
        POSTBACK_RETRY_BASE_MS: '200',
        // With Redis (CI) the servers share limits and hash visitor sessions, as in production.
        REDIS_URL: testRedisUrls[0] ?? '',
      };
      const clickhouse = store === 'clickhouse' ? await createTestClickHouse() : null;
      if (clickhouse) {
        cleanups.push(() => clickhouse.close());
        Object.assign(env, { CLICKHOUSE_URL: `${clickhouse.url}/${clickhouse.database}` });
      }
      // One after the other: two booting at once on a busy 2-core machine could miss the start deadline.
      for (const dir of dataDirs) servers.push(await startServerProcess(dir, env));
      for (const server of servers) {
        const { hostname, port } = new URL(server?.base ?? '');
        proxy.backends.push({ host: hostname, port: Number(port) });
        proxy.served.push(0);
      }

      // Signed up on one server, the session works on the other.
      const cookie = await signUpCookie(base, 'multi@example.com');
      const as = { cookie };
      const get = async <T>(path: string): Promise<T> => {
        const res = await fetch(`${base}${path}`, { headers: as });
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
        return (await res.json()) as T;
      };
      for (let i = 0; i < 2; i++) await get('/api/websites');
      const site = await postJson<{ id: string }>(
        base,
        '/api/websites',
        { name: 'Shop', rootDomain: 'shop.test', postbackUrl: `${receiver.base}/pb?id={conversion_id}` },
        as,
      );
      await postJson(
        base,
        `/api/websites/${site.id}/goals`,
        { name: 'Signup', type: 'event', conditions: { event: 'signup' } },
        as,
      );
      const campaign = await postJson<{ ocxid: string }>(
        base,
        `/api/websites/${site.id}/campaigns`,
        { name: 'Spring', network: 'Google Ads', source: 'Search', landingPage: 'https://shop.test/spring' },
        as,
      );
      const { key } = await postJson<{ key: string }>(
        base,
        `/api/websites/${site.id}/api-keys`,
        { name: 'backend' },
        as,
      );

      // Collect: each visitor lands from the campaign, looks at a page and signs up (a goal), one
      // request per event; then a third of the events are sent again (a tracker's retry).
      const visitor = (v: number) => `visitor-${String(v).padStart(3, '0')}`;
      const visitEvents = (v: number) => [
        {
          type: 'pageview',
          url: `https://shop.test/spring?ocxid=${campaign.ocxid}`,
          eventId: `event-${v}-1`,
        },
        { type: 'pageview', url: 'https://shop.test/products', eventId: `event-${v}-2` },
        { type: 'custom', name: 'signup', url: 'https://shop.test/signup', eventId: `event-${v}-3` },
      ];
      const collect = async (v: number, event: Record<string, unknown>) => {
        const res = await postJson<{ accepted: number; dropped: unknown[] }>(base, '/api/collect', {
          site: site.id,
          events: [{ ...event, visitorId: visitor(v), sessionId: `session-${v}`, title: 'Shop' }],
        });
        expect(res).toEqual({ accepted: 1, dropped: [] });
      };
      const visitors = Array.from({ length: VISITORS }, (_, v) => v);
      await inParallel(visitors, 6, async (v) => {
        for (const event of visitEvents(v)) await collect(v, event);
      });
      const retried = visitors.flatMap((v) => visitEvents(v)).filter((_, i) => i % 3 === 0);
      await inParallel(retried, 6, async (event) => collect(Number(event.eventId.split('-')[1]), event));

      // A visitor without consent (a hash visitor) whose requests alternate between the servers.
      for (let i = 0; i < 4; i++) {
        const res = await postJson<{ accepted: number }>(base, '/api/collect', {
          site: site.id,
          events: [{ type: 'pageview', url: `https://shop.test/page-${i}`, eventId: `anonymous-${i}-page` }],
        });
        expect(res.accepted).toBe(1);
      }

      // Server-to-server conversions, each dedupeKey sent twice at once (so to both servers).
      const api = { authorization: `Bearer ${key}` };
      const s2s = (n: number) =>
        Promise.all(
          [0, 1].map(() =>
            postJson(
              base,
              '/api/v1/conversions',
              { goal: 'Purchase', value: n + 1, visitorId: visitor(n % VISITORS), dedupeKey: `order-${n}` },
              api,
            ),
          ),
        );
      await inParallel(
        Array.from({ length: S2S_FIRST }, (_, n) => n),
        4,
        async (n) => void (await s2s(n)),
      );

      const count = async (text: string, values: unknown[] = [site.id]): Promise<number> =>
        Number((await db.query(`select count(*) as n from ${schema}.${text}`, values)).rows[0].n);
      let conversions = VISITORS + S2S_FIRST;
      await waitUntil(
        'the first credits',
        async () => (await count('conversion where website_id = $1 and followed_up = 1')) === conversions,
      );

      // A recompute (a longer window), with more conversions arriving while it runs.
      const { attribution } = await get<{ attribution: { window: number } }>(`/api/websites/${site.id}`);
      const patch = await fetch(`${base}/api/websites/${site.id}`, {
        method: 'PATCH',
        headers: { ...as, origin: base, 'content-type': 'application/json', 'user-agent': CHROME_UA },
        body: JSON.stringify({ attribution: { ...attribution, window: attribution.window + 30 } }),
      });
      expect(patch.status).toBe(200);
      await inParallel(
        Array.from({ length: S2S_DURING_RECOMPUTE }, (_, n) => S2S_FIRST + n),
        4,
        async (n) => void (await s2s(n)),
      );
      conversions += S2S_DURING_RECOMPUTE;
      const status = () =>
        get<{ activeVersion: number; running: boolean }>(`/api/websites/${site.id}/attribution-status`);
      await waitUntil('the recompute', async () => {
        const s = await status();
        return s.activeVersion === 2 && !s.running;
      });
      await waitUntil(
        'every credit',
        async () => (await count('conversion where website_id = $1 and followed_up = 1')) === conversions,
      );
      await waitUntil('every postback', async () => receiver.hits.length >= conversions);
      await waitUntil(
        'every delivery recorded',
        async () =>
          (await count(`postback_delivery where website_id = $1 and status = 'delivered'`)) === conversions,
      );

      if (clickhouse)
        await waitUntil(
          'the copies in ClickHouse',
          async () => (await count('clickhouse_outbox where website_id = $1')) === 0,
        );

      // Both servers took part; then both stop, so a second call of a postback would be in by now.
      expect(proxy.served.every((n) => n > 20)).toBe(true);
      for (let i = 0; i < servers.length; i++) {
        await stopServerProcess(servers[i] ?? null, 'SIGTERM');
        servers[i] = null;
      }

      // The events, where they are kept.
      const events = async (what: string, where = ''): Promise<Record<string, string>> => {
        if (!clickhouse) {
          const sql = `select ${what} from ${schema}.event where website_id = $1${where}`;
          return (await db.query(sql, [site.id])).rows[0];
        }
        const rows = await chRows<Record<string, unknown>>(
          clickhouse.client,
          `SELECT ${what.replaceAll('count(distinct ', 'uniqExact(')} FROM events WHERE website_id = {w:String}${where}`,
          { w: site.id },
        );
        return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, String(v)]));
      };
      expect(await events('count(*) as n, count(distinct event_id) as ids')).toEqual({
        n: String(VISITORS * 3 + 4),
        ids: String(VISITORS * 3 + 4),
      });
      // One session with Redis; each server would start its own without it.
      expect(
        await events(
          'count(distinct visitor_id) as visitors, count(distinct session_id) as sessions',
          " and event_id like 'anonymous-%'",
        ),
      ).toEqual(
        testRedisUrls.length > 0 ? { visitors: '1', sessions: '1' } : { visitors: '1', sessions: '2' },
      );
      expect(await count('click where website_id = $1 and campaign_id is not null')).toBe(VISITORS);
      expect(await count('conversion where website_id = $1')).toBe(conversions);
      expect(await count('conversion where website_id = $1 and credit_error is not null')).toBe(0);
      // Every conversion has one set of credits under the active version, each model's adding up to 1.
      const credits = await db.query(
        `select conversion_id, count(*) as rows, sum(credit_linear) as linear, sum(credit_last_touch) as last
           from ${schema}.touch_credit where website_id = $1 and version = 2 group by conversion_id`,
        [site.id],
      );
      expect(credits.rows).toHaveLength(conversions);
      for (const row of credits.rows) {
        expect(Number(row.linear)).toBeCloseTo(1, 9);
        expect(Number(row.last)).toBeCloseTo(1, 9);
      }
      const deliveries = await db.query(
        `select conversion_id, status, attempts from ${schema}.postback_delivery where website_id = $1`,
        [site.id],
      );
      expect(deliveries.rows).toHaveLength(conversions);
      expect(deliveries.rows.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
      const called = receiver.hits.map((path) => new URL(path, 'http://x').searchParams.get('id'));
      expect(called.toSorted()).toEqual(deliveries.rows.map((d) => d.conversion_id).toSorted());
      if (clickhouse) {
        // ClickHouse's copies, as both servers copied them, one at a time.
        const [copies] = await chRows<Record<string, number>>(
          clickhouse.client,
          `SELECT
            (SELECT countIf(campaign_id IS NOT NULL) FROM clicks FINAL WHERE website_id = {w:String} AND deleted = 0) AS clicks,
            (SELECT count() FROM conversions FINAL WHERE website_id = {w:String} AND deleted = 0 AND followed_up = 1) AS conversions,
            (SELECT countIf(has(touch.version, 2)) FROM credits FINAL WHERE website_id = {w:String} AND deleted = 0) AS credited`,
          { w: site.id },
        );
        expect(copies).toEqual({ clicks: VISITORS, conversions, credited: conversions });
      }
    }, 180_000);
  });
}
