import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase, dialects } from '../../test/test-database';
import { MAX_WINDOW_MS, PathChanges } from './path-changes';

const W = 'site-w';
/** Conversions by id: visitor, time and crediting state (1 = credited). */
const CONVERSIONS: [string, string, number, string, number][] = [
  ['tablet-after', 'tablet', 2_000, W, 1],
  ['tablet-between', 'tablet', 920, W, 0],
  ['tablet-before', 'tablet', 500, W, 1],
  ['tablet-at-click', 'tablet', 900, W, 0],
  ['desktop-linked', 'desktop', 1_000, W, 0],
  ['desktop-window-end', 'desktop', 900 + MAX_WINDOW_MS, W, 1],
  ['desktop-past-window', 'desktop', 950 + MAX_WINDOW_MS + 1, W, 0],
  ['phone-unrelated', 'phone', 3_000, W, 0],
  ['other-site', 'tablet', 2_000, 'site-x', 0],
];
const CLICKS = [
  { visitorId: 'tablet', ts: 900 },
  { visitorId: 'tablet', ts: 950 },
  { visitorId: 'nobody', ts: 1 },
];

describe.each(dialects)('path changes after clicks on %s', (dialect) => {
  let one: { database: Database; close(): Promise<void> };
  let many: { database: Database; close(): Promise<void> };
  beforeAll(async () => {
    [one, many] = await Promise.all([createTestDatabase(dialect), createTestDatabase(dialect)]);
    for (const { database } of [one, many]) {
      await database.db
        .insertInto('identity')
        .values([
          { website_id: W, visitor_id: 'tablet', user_id: 'u1', ts: 1 },
          { website_id: W, visitor_id: 'desktop', user_id: 'u1', ts: 1 },
          { website_id: 'site-x', visitor_id: 'phone', user_id: 'u1', ts: 1 },
        ])
        .execute();
      await database.db
        .insertInto('conversion')
        .values(
          CONVERSIONS.map(([id, visitor, ts, website, state]) => ({
            id,
            website_id: website,
            campaign_id: null,
            goal_id: null,
            goal_name: 'purchase',
            click_id: null,
            value_minor: null,
            currency: 'USD',
            ts,
            visitor_id: visitor,
            conversion_type: 'goal',
            dedupe_key: id,
            source: 'tracker',
            event_id: null,
            followed_up: state,
          })),
        )
        .execute();
    }
  });
  afterAll(async () => {
    await one?.close();
    await many?.close();
  });

  const changed = async (database: Database) =>
    (
      await database.db
        .selectFrom('conversion')
        .select(['id', 'path_changes', 'followed_up'])
        .where('path_changes', '>', 0)
        .orderBy('id')
        .execute()
    ).map((r) => [r.id, Number(r.path_changes), Number(r.followed_up)]);

  it('marks in one statement what a statement per click marks, each conversion once', async () => {
    const changes = new PathChanges(dialect);
    for (const click of CLICKS) await changes.afterClick(one.database.db, W, click.visitorId, click.ts);
    await changes.afterClicks(many.database.db, W, CLICKS);
    // After a click (not at its millisecond), up to the window's end, of the visitor or a visitor
    // linked to it by a user id on the same website; a credited one goes back to be credited (2).
    const expected = [
      ['desktop-linked', 1, 0],
      ['desktop-window-end', 1, 2],
      ['tablet-after', 1, 2],
      ['tablet-between', 1, 0],
    ];
    expect(await changed(many.database)).toEqual(expected);
    // One statement per click counted the conversions after both clicks twice.
    expect((await changed(one.database)).map(([id, , state]) => [id, state])).toEqual(
      expected.map(([id, , state]) => [id, state]),
    );
  });

  it('takes more clicks than one statement holds, and none', async () => {
    const changes = new PathChanges(dialect);
    const before = await changed(many.database);
    await changes.afterClicks(many.database.db, W, []);
    expect(await changed(many.database)).toEqual(before);
    const clicks = Array.from({ length: 1_201 }, (_, i) => ({ visitorId: `v${i}`, ts: i }));
    await changes.afterClicks(many.database.db, W, [...clicks, { visitorId: 'phone', ts: 0 }]);
    expect((await changed(many.database)).map(([id]) => id)).toContain('phone-unrelated');
  });
});
