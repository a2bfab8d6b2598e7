import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse, type TestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { ClickHouseEventStore } from './event-store.clickhouse';

/**
 * A client whose next insert reaches ClickHouse and is stored, but whose answer is lost (loseNext),
 * or never reaches it (failNext: ClickHouse down).
 */
function losingAnswers(client: ClickHouseClient) {
  const control = { loseNext: false, failNext: false };
  const wrapped = new Proxy(client, {
    get(target, key, receiver) {
      if (key !== 'insert') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<ClickHouseClient['insert']>) => {
        if (control.failNext) {
          control.failNext = false;
          throw new Error('connect ECONNREFUSED (ClickHouse is down)');
        }
        const result = await target.insert(...args);
        if (!control.loseNext) return result;
        control.loseNext = false;
        throw new Error('socket hang up (the answer was lost)');
      };
    },
  });
  return { client: wrapped, control };
}

let unique = 0;
const site = () => `lost-${++unique}-${Date.now()}`;

for (const dialect of dialects) {
  describe(`ClickHouse events whose insert answer was lost (${dialect})`, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];
    let closeDatabase: () => Promise<void>;
    let clickhouse: TestClickHouse;
    let store: ClickHouseEventStore;
    let control: { loseNext: boolean; failNext: boolean };
    beforeAll(async () => {
      ({ database, close: closeDatabase } = await createTestDatabase(dialect));
      clickhouse = await createTestClickHouse();
      const losing = losingAnswers(clickhouse.client);
      control = losing.control;
      store = new ClickHouseEventStore(database.db, database.dialect, losing.client);
    });
    afterAll(async () => {
      await clickhouse.close();
      await closeDatabase();
    });

    const heldRows = async (websiteId: string) => {
      const result = await clickhouse.client.query({
        query: 'SELECT count() AS n FROM events WHERE website_id = {w:String}',
        query_params: { w: websiteId },
        format: 'JSONEachRow',
      });
      return Number((await result.json<{ n: string }>())[0]?.n);
    };
    const derived = async (websiteId: string) => {
      const visits = await database.db
        .selectFrom('visit')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      const clicks = await database.db
        .selectFrom('click')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      return { visits: Number(visits.n), clicks: Number(clicks.n) };
    };
    const visitEvents = (websiteId: string) =>
      ['a', 'b', 'c'].map((visitor, i) =>
        ingestEvent({
          websiteId,
          visitorId: `visitor-${visitor}`,
          sessionId: `session-${visitor}`,
          ts: 1_800_000_000_000 + i,
          ocxid: `${visitor}`.repeat(32),
          campaignId: 'camp-A',
          channel: 'paid',
        }),
      );

    it('a retry derives the events ClickHouse kept from the lost commit, once, without storing them again', async () => {
      const websiteId = site();
      const events = visitEvents(websiteId);
      control.loseNext = true;
      await expect(store.commit(events)).rejects.toThrow('the answer was lost');
      expect(await heldRows(websiteId)).toBe(3);
      expect(await derived(websiteId)).toEqual({ visits: 0, clicks: 0 });

      const retried = await store.commit(events);
      expect(retried).toMatchObject({ inserted: 3, duplicates: 0, clicks: 3 });
      expect(await heldRows(websiteId)).toBe(3);
      expect(await derived(websiteId)).toEqual({ visits: 3, clicks: 3 });

      expect(await store.commit(events)).toMatchObject({ inserted: 0, duplicates: 3 });
      expect(await derived(websiteId)).toEqual({ visits: 3, clicks: 3 });
      expect((await store.recentEvents(websiteId, 10)).length).toBe(3);
    });

    it('the lost events retried one by one, beside new ones, are each derived once', async () => {
      const websiteId = site();
      const [first, second, third] = visitEvents(websiteId);
      if (!first || !second || !third) throw new Error('three events');
      control.loseNext = true;
      await expect(store.commit([first, second])).rejects.toThrow('the answer was lost');

      expect(await store.commit([second, third])).toMatchObject({ inserted: 2, duplicates: 0 });
      expect(await derived(websiteId)).toEqual({ visits: 2, clicks: 2 });
      expect(await store.commit([first, second])).toMatchObject({ inserted: 1, duplicates: 1 });
      expect(await store.commit([first, second, third])).toMatchObject({ inserted: 0, duplicates: 3 });
      expect(await derived(websiteId)).toEqual({ visits: 3, clicks: 3 });
      expect(await heldRows(websiteId)).toBe(3);
    });

    it('a commit that happened leaves no pending record; only the lost one stays', async () => {
      const pending = async () =>
        (await database.db.selectFrom('clickhouse_pending_commit').select('commit_id').execute()).length;
      const before = await pending();
      const websiteId = site();
      const events = visitEvents(websiteId);
      await store.commit(events.slice(0, 1));
      await store.commit(events.slice(0, 1)); // all duplicates
      expect(await pending()).toBe(before);
      control.loseNext = true;
      await expect(store.commit(events.slice(1))).rejects.toThrow('the answer was lost');
      expect(await pending()).toBe(before + 1);
    });

    it('the sweep forgets, once an hour old, the records of commits that left nothing in ClickHouse', async () => {
      const records = async () =>
        new Set(
          (await database.db.selectFrom('clickhouse_pending_commit').select('commit_id').execute()).map(
            (r) => r.commit_id,
          ),
        );
      const before = await records();
      const [first, second] = visitEvents(site());
      if (!first || !second) throw new Error('two events');
      control.failNext = true;
      await expect(store.commit([first])).rejects.toThrow('ClickHouse is down');
      control.loseNext = true;
      await expect(store.commit([second])).rejects.toThrow('the answer was lost');
      const failed = [...(await records())].filter((id) => !before.has(id));
      expect(failed).toHaveLength(2);

      // Not an hour old yet: a retry could still be under way.
      await store.sweepPending(Date.now() - 3_600_000);
      expect([...(await records())].filter((id) => !before.has(id))).toHaveLength(2);

      await store.sweepPending(Date.now() + 1);
      const left = [...(await records())].filter((id) => !before.has(id));
      // The lost commit's events are in ClickHouse: its record stays, and a late retry derives them.
      expect(left).toHaveLength(1);
      expect(await store.commit([first, second])).toMatchObject({ inserted: 2, duplicates: 0 });
      expect(await derived(first.websiteId)).toEqual({ visits: 2, clicks: 2 });
    });

    it('deleting the website removes its adopted events with its events', async () => {
      const websiteId = site();
      const events = visitEvents(websiteId);
      control.loseNext = true;
      await expect(store.commit(events)).rejects.toThrow('the answer was lost');
      await store.commit(events);
      const adopted = async () =>
        (
          await database.db
            .selectFrom('clickhouse_adopted_event')
            .selectAll()
            .where('website_id', '=', websiteId)
            .execute()
        ).length;
      expect(await adopted()).toBe(3);
      await store.deleteWebsite(websiteId);
      expect(await adopted()).toBe(0);
      expect(await heldRows(websiteId)).toBe(0);
    });
  });
}
