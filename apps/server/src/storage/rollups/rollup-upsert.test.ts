import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase, dialects } from '../../test/test-database';
import type { AnyRollupTable, RollupRow, RollupTable, RollupTableName } from './rollup-table';
import { ROLLUP_TABLES, VISITOR_SEEN_STEP_MS } from './rollup-tables';
import { prepareRollupUpsert, sqliteUpsertText, upsertRollupRows } from './rollup-upsert';

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('sqliteUpsertText', () => {
  it('keeps a kept-once row as it is', () => {
    expect(oneLine(sqliteUpsertText(ROLLUP_TABLES.dashVisitorDay))).toBe(
      'insert into dash_visitor_day (website_id, day, visitor_id) values (?, ?, ?) ' +
        'on conflict (website_id, day, visitor_id) do nothing',
    );
  });

  it('adds counted columns to the stored ones', () => {
    expect(oneLine(sqliteUpsertText(ROLLUP_TABLES.dashDay))).toBe(
      'insert into dash_day (website_id, day, pageviews, visitors, events) values (?, ?, ?, ?, ?) ' +
        'on conflict (website_id, day) do update set pageviews = dash_day.pageviews + excluded.pageviews, ' +
        'visitors = dash_day.visitors + excluded.visitors, events = dash_day.events + excluded.events',
    );
  });

  it('moves latest columns only a step later', () => {
    expect(oneLine(sqliteUpsertText(ROLLUP_TABLES.dashVisitor))).toBe(
      'insert into dash_visitor (website_id, visitor_id, last_seen) values (?, ?, ?) ' +
        'on conflict (website_id, visitor_id) do update set last_seen = excluded.last_seen ' +
        `where excluded.last_seen >= dash_visitor.last_seen + ${VISITOR_SEEN_STEP_MS}`,
    );
    expect(oneLine(sqliteUpsertText(ROLLUP_TABLES.dashPage))).toBe(
      'insert into dash_page (website_id, page, path, last_seen) values (?, ?, ?, ?) ' +
        'on conflict (website_id, page) do update set path = excluded.path, last_seen = excluded.last_seen ' +
        'where excluded.last_seen >= dash_page.last_seen + 1',
    );
  });

  it('replaces latest columns without a condition when none is described', () => {
    const text = oneLine(sqliteUpsertText(ROLLUP_TABLES.dashSession));
    expect(text).toContain(
      'on conflict (website_id, session_id, visitor_id) do update set started = excluded.started,',
    );
    expect(text).toMatch(/pageviews = excluded\.pageviews$/);
    expect(text.match(/\?/g)).toHaveLength(18);
  });
});

type Upsert = <T extends RollupTableName>(
  t: RollupTable<T>,
  rows: RollupRow<T>[],
) => Promise<Record<string, unknown>[] | number>;

/** Each write path of a dialect: SQLite's prepared statements and Kysely's; PostgreSQL's Kysely. */
function writePaths(database: Database): [string, Upsert][] {
  const kysely: Upsert = (t, rows) => upsertRollupRows(database.db, t, rows);
  const sqlite = database.sqlite;
  if (!sqlite) return [['kysely', kysely]];
  const prepared: Upsert = async (t, rows) => {
    const upsert = prepareRollupUpsert(sqlite, t);
    return rows.reduce((changes, row) => changes + upsert.run(row), 0);
  };
  return [
    ['prepared', prepared],
    ['kysely', kysely],
  ];
}

const read = (database: Database, t: AnyRollupTable) =>
  database.db.selectFrom(t.table).selectAll().where('website_id', '=', 'w').execute();

for (const dialect of dialects) {
  describe(`rollup upserts on ${dialect}`, () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
    });

    async function open() {
      const opened = await createTestDatabase(dialect);
      close = opened.close;
      return opened.database;
    }

    it('sums counted columns written twice', async () => {
      const database = await open();
      for (const [i, [, upsert]] of writePaths(database).entries()) {
        const website_id = 'w';
        const day = i + 1;
        await upsert(ROLLUP_TABLES.dashDay, [{ website_id, day, pageviews: 2, visitors: 1, events: 3 }]);
        await upsert(ROLLUP_TABLES.dashDay, [
          { website_id, day, pageviews: 5, visitors: 0, events: 5 },
          { website_id, day, pageviews: 1, visitors: 1, events: 1 },
        ]);
      }
      const rows = (await read(database, ROLLUP_TABLES.dashDay)).map((r) => ({
        day: Number(r.day),
        pageviews: Number(r.pageviews),
        visitors: Number(r.visitors),
        events: Number(r.events),
      }));
      const expected = { pageviews: 8, visitors: 2, events: 9 };
      expect(rows.sort((a, b) => a.day - b.day)).toEqual(
        writePaths(database).map((_, i) => ({ day: i + 1, ...expected })),
      );
    });

    it('keeps the latest value only a step later, and a kept-once row once', async () => {
      const database = await open();
      for (const [path, upsert] of writePaths(database)) {
        const visitor_id = path;
        const at = 1_000_000;
        await upsert(ROLLUP_TABLES.dashVisitor, [{ website_id: 'w', visitor_id, last_seen: at }]);
        // Within the step: kept; a step later: moved; earlier: kept.
        await upsert(ROLLUP_TABLES.dashVisitor, [{ website_id: 'w', visitor_id, last_seen: at + 59_999 }]);
        const [first] = await read(database, ROLLUP_TABLES.dashVisitor).then((r) =>
          r.filter((row) => row.visitor_id === visitor_id),
        );
        expect(Number(first?.last_seen)).toBe(at);
        await upsert(ROLLUP_TABLES.dashVisitor, [
          { website_id: 'w', visitor_id, last_seen: at + VISITOR_SEEN_STEP_MS },
          { website_id: 'w', visitor_id, last_seen: at - 5 },
        ]);
        const [moved] = await read(database, ROLLUP_TABLES.dashVisitor).then((r) =>
          r.filter((row) => row.visitor_id === visitor_id),
        );
        expect(Number(moved?.last_seen)).toBe(at + VISITOR_SEEN_STEP_MS);

        const seen = { website_id: 'w', day: 7, visitor_id };
        const once = await upsert(ROLLUP_TABLES.dashVisitorDay, [seen, seen]);
        const again = await upsert(ROLLUP_TABLES.dashVisitorDay, [seen]);
        expect([count(once), count(again)]).toEqual([1, 0]);
      }
    });

    it('replaces every latest column when no condition is described, and strictly later ones otherwise', async () => {
      const database = await open();
      for (const [path, upsert] of writePaths(database)) {
        const page = path;
        await upsert(ROLLUP_TABLES.dashPage, [{ website_id: 'w', page, path: '/a', last_seen: 10 }]);
        await upsert(ROLLUP_TABLES.dashPage, [{ website_id: 'w', page, path: '/same-time', last_seen: 10 }]);
        await upsert(ROLLUP_TABLES.dashPage, [{ website_id: 'w', page, path: '/b', last_seen: 11 }]);
        const rows = await read(database, ROLLUP_TABLES.dashPage);
        expect(rows.filter((r) => r.page === page).map((r) => [r.path, Number(r.last_seen)])).toEqual([
          ['/b', 11],
        ]);

        const session = { website_id: 'w', session_id: path, visitor_id: 'v', started: 1, last_seen: 2 };
        await upsert(ROLLUP_TABLES.dashSession, [{ ...session, entry: '/in', pageviews: 1 }]);
        await upsert(ROLLUP_TABLES.dashSession, [
          { ...session, last_seen: 1, entry: '/other', pageviews: 3 },
        ]);
        const stored = await database.db
          .selectFrom('dash_session')
          .select(['entry', 'last_seen', 'pageviews', 'exit_path'])
          .where('session_id', '=', path)
          .executeTakeFirstOrThrow();
        expect([stored.entry, Number(stored.last_seen), Number(stored.pageviews), stored.exit_path]).toEqual([
          '/other',
          1,
          3,
          null,
        ]);
      }
    });

    it('writes more rows than one statement may bind', async () => {
      const database = await open();
      const rows = Array.from({ length: 12_000 }, (_, day) => ({ website_id: 'w', day, events: 1 }));
      await upsertRollupRows(database.db, ROLLUP_TABLES.dashEventDay, rows);
      await upsertRollupRows(database.db, ROLLUP_TABLES.dashEventDay, rows);
      const stored = await read(database, ROLLUP_TABLES.dashEventDay);
      expect(stored).toHaveLength(12_000);
      expect(stored.every((r) => Number(r.events) === 2)).toBe(true);
    });
  });
}

const count = (written: Record<string, unknown>[] | number) =>
  typeof written === 'number' ? written : written.length;
