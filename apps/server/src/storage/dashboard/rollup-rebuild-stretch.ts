import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { type Dialect, takeTurns } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { withoutConsentCount } from '../privacy/without-consent';
import type { PendingRebuild } from './rollup-rebuild.repository';

/** A safe integer as a bigint, so both dialects compare it with the bigint `ts` and `day` columns. */
export const int = (n: number): RawBuilder<number> => {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`);
  return sql<number>`cast(${n} as bigint)`;
};

/** Each row's local day: the last of `starts` (the days' first instants) at or before its `ts`. */
export function localDay(starts: number[]): RawBuilder<number> {
  const arms = starts.slice(1).map((s, i) => sql`when ts < ${int(s)} then ${int(starts[i] as number)}`);
  const last = int(starts.at(-1) as number);
  return arms.length === 0 ? last : sql<number>`(case ${sql.join(arms, sql` `)} else ${last} end)`;
}

/**
 * Counts the raw events of [from, end) into dash_visitor_day, dash_day, dash_page_day and
 * dash_value_day by local day (`starts` are the days' first instants), in the rebuild's transaction:
 * the one step that differs with where the raw events are stored.
 */
type RecountEvents = (
  trx: Transaction<DB>,
  websiteId: string,
  starts: number[],
  from: number,
  end: number,
) => Promise<void>;

/** One stretch of a rebuild: the days to recount, and whether it is the last. */
interface RebuildStretch {
  starts: number[];
  end: number;
  clearFrom: number;
  done: boolean;
}

/**
 * One stretch of a rebuild in one transaction (docs/definitions.md#time-zone), whatever stores the
 * raw events: in the writers' turn on PostgreSQL, unless the zone changed meanwhile (a newer rebuild
 * then starts over), the stretch's rollup rows go, the events are recounted by `recount`, the clicks
 * (always in the SQL database) into dash_source_day, and the cursor moves on or is cleared.
 */
export async function rebuildStretch(
  db: Kysely<DB>,
  dialect: Dialect,
  site: PendingRebuild,
  { starts, end, clearFrom, done }: RebuildStretch,
  recount: RecountEvents,
): Promise<void> {
  const first = starts[0];
  if (first === undefined) throw new Error('No days to rebuild');
  const id = site.id;
  await db.transaction().execute(async (trx) => {
    await takeTurns(trx, dialect, id);
    const current = await trx
      .selectFrom('website')
      .select(['timezone', 'rollup_rebuilt_until'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (current?.timezone !== site.timezone || Number(current.rollup_rebuilt_until) !== site.rebuiltUntil)
      return;
    for (const table of [
      'dash_day',
      'dash_visitor_day',
      'dash_page_day',
      'dash_source_day',
      'dash_value_day',
    ] as const)
      await trx
        .deleteFrom(table)
        .where('website_id', '=', id)
        .where('day', '>=', clearFrom)
        .where('day', '<', end)
        .execute();
    await recount(trx, id, starts, first, end);
    await sql`insert into dash_source_day (website_id, day, channel, referrer_domain, clicks, without_consent)
      select website_id, ${localDay(starts)} as local_day, channel, coalesce(referrer_domain, '') as referrer_key,
        count(*), ${withoutConsentCount}
        from click where website_id = ${id} and ts >= ${int(first)} and ts < ${int(end)}
        group by website_id, local_day, channel, referrer_key`.execute(trx);
    await trx
      .updateTable('website')
      .set({ rollup_rebuilt_until: done ? null : end })
      .where('id', '=', id)
      .execute();
  });
}
