import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROME_UA,
  post,
  type ServerProcess,
  signUpCookie,
  startServerProcess,
  stopServerProcess,
} from './test/server-process';

// DESIGN §1.4 "Nothing acknowledged is lost": a real server process (from source, on SQLite) is killed
// with SIGKILL while collect requests are in flight, restarted on the same file and killed again;
// every event answered 2xx must be in the file.

const LOOPS = 20;
const EVENTS_PER_REQUEST = 5;
/** Each kill comes once this many events are acknowledged (or after KILL_DEADLINE_MS, whichever is first). */
const KILL_AFTER_ACKED = 1500;
const KILL_DEADLINE_MS = 15_000;
const MIN_ACKED = 500;
/** Kill, restart on the same data directory, kill again: each round is another chance to catch a loss. */
const ROUNDS = 3;

const AUTH_SECRET = randomBytes(32).toString('hex');
let dataDir = '';
let server: ServerProcess | null = null;

const startServer = () => startServerProcess(dataDir, { AUTH_SECRET });
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
 * acknowledged. Every event of every 2xx answer goes to `acknowledged`.
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
  const deadline = setTimeout(kill, KILL_DEADLINE_MS);

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
  clearTimeout(deadline);
  await running.exited;
  return { acknowledged, unexpected };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ocx-durability-'));
  server = await startServer();
});

afterAll(async () => {
  await stopServerProcess(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('collect durability (real process, SQLite)', () => {
  it('keeps every acknowledged event across SIGKILLs mid-load and restarts on the same file', async () => {
    const { siteId, ocxid } = await setUpWebsite();
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Later rounds start a new process on the killed one's data directory (WAL recovery included).
      if (round > 0) server = await startServer();
      const running = server;
      if (!running) throw new Error('no server');
      const result = await loadAndKill(round, running, siteId, ocxid);
      expect(result.unexpected).toEqual([]);
      expect(result.acknowledged.length).toBeGreaterThanOrEqual(MIN_ACKED);
      acknowledged.push(...result.acknowledged);
    }

    // Opening the file read-write replays the WAL exactly as the next server start would.
    const db = new Database(join(dataDir, 'ocx.sqlite'));
    let stored: Set<string>;
    try {
      const rows = db
        .prepare('select event_id from event where website_id = ?')
        .pluck()
        .all(siteId) as string[];
      stored = new Set(rows);
    } finally {
      db.close();
    }
    const missing = acknowledged.filter((id) => !stored.has(id));
    expect(missing.slice(0, 20), `${missing.length} acknowledged events are not stored`).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);

    // Events stored but not yet derived when the process died (675 in one run) are derived by the
    // next start.
    server = await startServer();
    const reader = new Database(join(dataDir, 'ocx.sqlite'), { readonly: true });
    try {
      const behind = () =>
        reader
          .prepare(
            'select (select coalesce(max(id), 0) from event) - (select last_event_id from derive_mark)',
          )
          .pluck()
          .get() as number;
      for (let i = 0; i < 200 && behind() > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(behind()).toBe(0);
      const withoutVisit = reader
        .prepare(
          `select count(*) from event e where e.website_id = ? and not exists
            (select 1 from visit v where v.website_id = e.website_id and v.session_id = e.session_id)`,
        )
        .pluck()
        .get(siteId);
      expect(withoutVisit).toBe(0);
    } finally {
      reader.close();
    }
  }, 90_000);
});
