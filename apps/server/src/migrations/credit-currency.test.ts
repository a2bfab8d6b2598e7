import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createTestTarget, dialects } from '../test/test-database';
import { migrateTo } from './migrate';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');

describe.each(dialects)('migration 0010 on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("gives every stored credit its conversion's currency", async () => {
    const target = await createTestTarget(dialect);
    const database = openDatabase(target.database);
    cleanups.push(async () => {
      await database.destroy();
      await target.drop();
    });
    await migrateTo(database, '0009-derive-mark');
    const conversion = (id: string, currency: string) => ({
      id,
      website_id: 'site-a',
      goal_name: 'Purchase',
      value: 10,
      currency,
      ts: T0,
      conversion_type: 'revenue',
      dedupe_key: id,
      source: 'tracker',
    });
    await sql`insert into conversion (id, website_id, goal_name, value, currency, ts, conversion_type, dedupe_key, source)
      values ${sql.join(
        [conversion('cv-eur', 'EUR'), conversion('cv-usd', 'USD')].map(
          (c) =>
            sql`(${c.id}, ${c.website_id}, ${c.goal_name}, ${c.value}, ${c.currency}, ${c.ts}, ${c.conversion_type}, ${c.dedupe_key}, ${c.source})`,
        ),
      )}`.execute(database.db);
    const credit = (conversionId: string, model: string) =>
      sql`(${conversionId}, 'site-a', 1, ${model}, 'direct', 1, 10, ${T0})`;
    await sql`insert into attribution_credit (conversion_id, website_id, version, model, channel, credit, value_credit, ts)
      values ${sql.join([credit('cv-eur', 'first_touch'), credit('cv-eur', 'linear'), credit('cv-usd', 'linear')])}`.execute(
      database.db,
    );

    await migrateTo(database, '0010-credit-currency');
    const { rows } = await sql<{ conversion_id: string; model: string; currency: string }>`
      select conversion_id, model, currency from attribution_credit order by conversion_id, model`.execute(
      database.db,
    );
    expect(rows).toEqual([
      { conversion_id: 'cv-eur', model: 'first_touch', currency: 'EUR' },
      { conversion_id: 'cv-eur', model: 'linear', currency: 'EUR' },
      { conversion_id: 'cv-usd', model: 'linear', currency: 'USD' },
    ]);
  });
});
