import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { AttributionRepository } from '../../storage/attribution/attribution.repository';
import { SqliteThreadEventStore } from '../../storage/events/event-store.sqlite-thread';
import { PostbackRepository } from '../../storage/postbacks/postback.repository';
import { createTestApp, type TestApp } from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';
import { CreditingJob } from './crediting.job';

describe('conversion follow-up on SQLite', () => {
  let t: TestApp;
  let file: string;
  let siteId: string;
  let ocxid: string;
  let closeReader: () => Promise<void>;
  let db: ReturnType<typeof openDatabase>['db'];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    if (t.config.database.dialect !== 'sqlite') throw new Error('not a SQLite target');
    file = t.config.database.file;
    const reader = openDatabase(t.config.database);
    db = reader.db;
    closeReader = () => reader.destroy();
    const site = await trackedSite(t.app);
    siteId = site.siteId;
    ocxid = site.campaign.ocxid;
    // The app's own follow-up stays out of the way: the test runs its passes.
    await t.app.services.background.stop();
  });
  afterAll(async () => {
    await closeReader();
    await t.close();
  });

  async function storePurchase(visitor: string) {
    const visitorId = trackerId(visitor);
    const sessionId = trackerId(`${visitor}-s`);
    const response = await collectEvents(t.app, siteId, [
      pageview({ visitorId, sessionId, url: `https://shop.test/spring?ocxid=${ocxid}` }),
      { ...pageview({ visitorId, sessionId }), type: 'custom', name: 'purchase', value: 40 },
    ]);
    expect(response.statusCode).toBe(202);
    await t.events.settle();
  }

  const followedUp = async () =>
    (
      await sql<{ id: string; followed_up: number; credits: number }>`
        select c.id, c.followed_up, (select count(*) from touch_credit a where a.conversion_id = c.id) as credits
        from conversion c where c.website_id = ${siteId} order by c.ts`.execute(db)
    ).rows;

  it('reads and works out a pass outside the write lock: other writers wait only for its inserts', async () => {
    await storePurchase('buyer');
    let resume: () => void = () => {};
    let paused: () => void = () => {};
    const reached = new Promise<void>((r) => {
      paused = r;
    });
    // Touchpoints are read while the pass works out its credits: hold it there.
    class PausingRepository extends AttributionRepository {
      override async touchpoints(...args: Parameters<AttributionRepository['touchpoints']>) {
        paused();
        await new Promise<void>((r) => {
          resume = r;
        });
        return super.touchpoints(...args);
      }
    }
    const followUp = new CreditingJob(
      new PausingRepository(db, 'sqlite'),
      new PostbackRepository(db, 'sqlite'),
    );
    const other = new Database(file);
    try {
      const pass = followUp.creditNew();
      await reached;
      // No busy wait: this write fails at once if the pass holds the lock.
      other.pragma('busy_timeout = 0');
      expect(() => other.prepare('update derive_mark set last_event_id = last_event_id').run()).not.toThrow();
      resume();
      expect(await pass).toBe(1);
      // One touchpoint: one credit row carrying all eight models.
      expect((await followedUp()).map((c) => [c.followed_up, Number(c.credits)])).toEqual([[1, 1]]);
    } finally {
      other.close();
    }
  });

  it("runs on the event writer thread of the app's store: a pass there credits under all eight models", async () => {
    const store = t.events;
    if (!(store instanceof SqliteThreadEventStore))
      throw new Error('the app should write SQLite on a thread');
    await storePurchase('second-buyer');
    expect(await store.runJob('creditNew')).toBe(1);
    expect(await store.runJob('creditNew')).toBe(0);
    expect(await store.runJob('recomputeStep')).toBe(0);
    expect((await followedUp()).map((c) => [c.followed_up, Number(c.credits)])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });
});
