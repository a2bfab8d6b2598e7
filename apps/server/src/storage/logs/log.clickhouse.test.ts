import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END, SITE, type SideBySide, sideBySide, T0 } from '../../test/clickhouse/side-by-side.fixture';
import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { ClickHouseMirror } from '../clickhouse/mirror.clickhouse';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { ClickHouseLogRepository } from './log.clickhouse';
import { describeLogContract } from './log.contract';
import type { LogFilter, LogPage } from './log.repository';
import { SqlLogRepository } from './log.sql';

// The clicks and conversions copied to ClickHouse (chDB), the metadata and the rows themselves in SQLite.
describeLogContract('clickhouse + sqlite', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  const mirror = new ClickHouseMirror(database.db, database.dialect, clickhouse.client);
  // As at start with CLICKHOUSE_URL (storage/backends.ts): the triggers name every change from here.
  await mirror.start();
  return {
    logs: new ClickHouseLogRepository(database.db, clickhouse.client),
    store: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    database,
    // As the backend's upkeep task: copy until nothing is left.
    settle: async () => {
      while ((await mirror.drain()) > 0);
    },
    async close() {
      await clickhouse.close();
      await close();
    },
  };
});

const OTHER = 'other-site';
const range = { from: T0 - 1, to: END };
const FILTERS: LogFilter[] = [
  { websiteIds: [SITE], ...range },
  { websiteIds: [SITE, OTHER], ...range },
  { websiteIds: [SITE], from: T0 + 86_400_000, to: T0 + 3 * 86_400_000 - 1 },
  { websiteIds: [SITE], ...range, campaign: 'camp-1' },
  { websiteIds: [SITE], ...range, campaign: 'none' },
  { websiteIds: [SITE], ...range, source: 'newsletter' },
  { websiteIds: [SITE], ...range, medium: 'cpc', campaign: 'camp-2' },
  { websiteIds: [SITE], ...range, goal: 'Signup' },
];
const PAGES: LogPage[] = [{ limit: 1000 }, { limit: 7, offset: 5 }, { limit: 5, offset: 10_000 }];

/** Facets in one order: the SQL stores list campaigns in no set order. */
const sorted = <T extends { campaigns: { id: string | null }[] }>(facets: T): T => ({
  ...facets,
  campaigns: [...facets.campaigns].sort((a, b) => String(a.id).localeCompare(String(b.id))),
});

for (const dialect of dialects) {
  // The copies themselves (mirror.clickhouse.ts, whose triggers are the SQL store's own): on the
  // 600 events of the side-by-side fixture, through changes, deletes and a time without ClickHouse.
  describe(`logs from ClickHouse's copies = logs from ${dialect}`, () => {
    let fixture: SideBySide;
    let mirror: ClickHouseMirror;
    let sql: SqlLogRepository;
    let ch: ClickHouseLogRepository;
    let store: ClickHouseEventStore;
    beforeAll(async () => {
      fixture = await sideBySide(dialect);
      const { db, dialect: d } = fixture.beside;
      store = new ClickHouseEventStore(db, d, fixture.clickhouse.client);
      // Another website's rows, which no filter of SITE may show.
      await store.commit(
        [0, 1, 2].map((i) =>
          ingestEvent({
            websiteId: OTHER,
            visitorId: `o${i}`,
            sessionId: `o${i}`,
            ts: T0 + i,
            channel: 'paid',
          }),
        ),
      );
      mirror = new ClickHouseMirror(db, d, fixture.clickhouse.client);
      sql = new SqlLogRepository(db);
      ch = new ClickHouseLogRepository(db, fixture.clickhouse.client);
    });
    afterAll(() => fixture.close());

    const drain = async () => {
      while ((await mirror.drain(100)) > 0);
    };
    const expectSame = async () => {
      for (const f of FILTERS) {
        for (const page of PAGES) {
          expect([f, page, await ch.clickPage(f, page)]).toEqual([f, page, await sql.clickPage(f, page)]);
          expect([f, page, await ch.conversionPage(f, page)]).toEqual([
            f,
            page,
            await sql.conversionPage(f, page),
          ]);
        }
        expect([f, await ch.clickCount(f), await ch.conversionCount(f)]).toEqual([
          f,
          await sql.clickCount(f),
          await sql.conversionCount(f),
        ]);
        expect(sorted(await ch.clickFacets(f))).toEqual(sorted(await sql.clickFacets(f)));
        expect(sorted(await ch.conversionFacets(f))).toEqual(sorted(await sql.conversionFacets(f)));
      }
    };

    it('copies the rows as they are stored, then follows inserts, changes and deletes', async () => {
      // The fixture turned copying on before its commits; a second start changes nothing.
      expect(await mirror.start()).toBe(false);
      const all = FILTERS[0] as LogFilter;
      expect(await sql.clickCount(all)).toBeGreaterThan(20);
      expect(await sql.conversionCount(all)).toBeGreaterThan(10);
      const { db } = fixture.beside;
      await store.commit([
        ingestEvent({
          websiteId: SITE,
          visitorId: 'late',
          sessionId: 'late',
          ts: T0 + 5,
          channel: 'paid',
          campaignId: 'camp-1',
        }),
      ]);
      const [first] = await sql.clickPage(all, { limit: 1 });
      const [conversion] = await sql.conversionPage(all, { limit: 1 });
      if (!first || !conversion) throw new Error('rows to change');
      await db
        .updateTable('click')
        .set({ visitor_id: 'linked', ip_address: null })
        .where('id', '=', first.id)
        .execute();
      await db.deleteFrom('conversion').where('id', '=', conversion.id).execute();
      // Before the copy, ClickHouse still shows the rows as they were.
      expect((await ch.clickPage(all, { limit: 1 }))[0]?.visitor_id).toBe(first.visitor_id);
      await drain();
      expect((await ch.clickPage(all, { limit: 1 }))[0]).toMatchObject({
        id: first.id,
        visitor_id: 'linked',
        ip_address: null,
      });
      await expectSame();
    });

    it('starts over after a time without ClickHouse, copying the rows stored before', async () => {
      const { db } = fixture.beside;
      await ClickHouseMirror.stop(db);
      // Not copied while off: the triggers write nothing.
      await db.deleteFrom('click').where('website_id', '=', OTHER).execute();
      expect(await db.selectFrom('clickhouse_outbox').selectAll().execute()).toEqual([]);
      expect(await mirror.start()).toBe(true);
      const backlog = (await db.selectFrom('clickhouse_outbox').selectAll().execute()).length;
      expect(backlog).toBeGreaterThan(100);
      // The health check's count: exact below its cap, the cap above it.
      expect(await mirror.backlog()).toBe(backlog);
      expect(await mirror.backlog(100)).toBe(100);
      expect(await mirror.drainFor(60_000)).toBe(backlog);
      expect(await mirror.backlog()).toBe(0);
      await expectSame();
      expect(await ch.clickCount({ websiteIds: [OTHER], ...range })).toBe(0);
    });
  });
}
