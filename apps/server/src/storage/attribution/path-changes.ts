import { DAY_MS, MAX_LINKED_VISITORS } from '@ocx/core';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { type Dialect, type Placeholder, placeholder } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { inScopeSql, through } from '../sql/filters';

/** The longest attribution window (docs/definitions.md#recomputation): a click later than this cannot be in a path. */
export const MAX_WINDOW_MS = 365 * DAY_MS;

/**
 * A conversion whose path changes after it was stored counts the change (path_changes) and, once
 * credited or failed, goes back to be credited again (followed_up 1 or 3 → 2, CREDIT_STATE). The
 * crediting job compares path_changes with what it read, so a change between its read and its write
 * is not lost either.
 */
export const PATH_CHANGED = `path_changes = path_changes + 1,
  followed_up = case when followed_up in (1, 3) then 2 else followed_up end`;

/**
 * A click derived now with time `ts` joins the paths of the conversions after it (within the
 * longest window) of its visitor and of the visitors that share a user id with it (CROSS JOIN:
 * SQLite starts from this visitor's identities, not the website's).
 * Parameters: clickParams().
 */
export const markAfterClick = (p: Placeholder) => `update conversion set ${PATH_CHANGED}
  where ${inScopeSql({ websiteId: p(1), from: p(2), to: p(3) })} and visitor_id in (
    select cast(${p(4)} as text) union
    select other.visitor_id from identity mine cross join identity other
    where mine.website_id = ${p(5)} and mine.visitor_id = ${p(6)}
      and other.website_id = mine.website_id and other.user_id = mine.user_id)`;

/** The conversions after the click (not at its millisecond) up to and including the window's end. */
export const clickParams = (websiteId: string, visitorId: string, ts: number) => [
  websiteId,
  through(ts),
  through(ts + MAX_WINDOW_MS),
  visitorId,
  websiteId,
  visitorId,
];

/**
 * markAfterClick for up to CLICKS_PER_MARK clicks in one statement: one round trip per commit on
 * PostgreSQL, not one per click (a fifth of a seeding's database time went to them). A conversion
 * after several of them counts one change, which is all the crediting job asks (is path_changes still
 * what it read). Parameters: each click's visitorId and ts, then websiteId twice.
 */
export const markAfterClicks = (dialect: Dialect, clicks: number) => {
  const p = placeholder(dialect);
  const rows = Array.from(
    { length: clicks },
    (_, i) => `(cast(${p(2 * i + 1)} as text), cast(${p(2 * i + 2)} as bigint))`,
  );
  // A conversion of the click's visitor (or a linked one) after the click, up to the window's end.
  const after = (t: string) => `${t}website_id = ${p(2 * clicks + 2)} and ${t}visitor_id = linked.visitor_id
    and ${t}ts > linked.ts and ${t}ts <= linked.ts + ${MAX_WINDOW_MS}`;
  // Each click's conversions through conversion_visitor_idx: PostgreSQL, its statistics stale or
  // few, would rather hash a website's every conversion; LATERAL with OFFSET 0 (which it does not
  // flatten) keeps it to the index. SQLite loops over the clicks and probes the index by itself.
  const found =
    dialect === 'postgres'
      ? `select conv.id from linked cross join lateral (select id from conversion where ${after('')} offset 0) conv`
      : `select conversion.id from linked join conversion on ${after('conversion.')}`;
  return `with c(visitor_id, ts) as (values ${rows.join(', ')}),
  linked(visitor_id, ts) as (
    select visitor_id, ts from c
    union all
    select other.visitor_id, c.ts from c
      join identity mine on mine.website_id = ${p(2 * clicks + 1)} and mine.visitor_id = c.visitor_id
      join identity other on other.website_id = mine.website_id and other.user_id = mine.user_id)
  update conversion set ${PATH_CHANGED} where id in (${found})`;
};
const CLICKS_PER_MARK = 500;

/**
 * A new link between a visitor and a user id joins the paths of every conversion of the user's
 * visitors (cross-device tracking). Parameters: websiteId, websiteId, userId.
 */
export const markAfterIdentify = (p: Placeholder) => `update conversion set ${PATH_CHANGED}
  where website_id = ${p(1)} and visitor_id in (
    select visitor_id from identity where website_id = ${p(2)} and user_id = ${p(3)})`;

/** Visitors linked to a user id: a link past MAX_LINKED_VISITORS is not stored. */
export const countUserVisitors = (p: Placeholder) =>
  `select count(*) as n from identity where website_id = ${p(1)} and user_id = ${p(2)}`;

export { MAX_LINKED_VISITORS };

/** The same statements through Kysely (the PostgreSQL and inline SQLite writers). */
export class PathChanges {
  private readonly p: Placeholder;
  constructor(private readonly dialect: Dialect) {
    this.p = placeholder(dialect);
  }

  async afterClick(db: Kysely<DB> | Transaction<DB>, websiteId: string, visitorId: string, ts: number) {
    await db.executeQuery(CompiledQuery.raw(markAfterClick(this.p), clickParams(websiteId, visitorId, ts)));
  }

  async afterClicks(
    db: Kysely<DB> | Transaction<DB>,
    websiteId: string,
    clicks: readonly { visitorId: string; ts: number }[],
  ) {
    for (let i = 0; i < clicks.length; i += CLICKS_PER_MARK) {
      const chunk = clicks.slice(i, i + CLICKS_PER_MARK);
      const params = [...chunk.flatMap((c) => [c.visitorId, c.ts]), websiteId, websiteId];
      await db.executeQuery(CompiledQuery.raw(markAfterClicks(this.dialect, chunk.length), params));
    }
  }

  async afterIdentify(db: Kysely<DB> | Transaction<DB>, websiteId: string, userId: string) {
    await db.executeQuery(CompiledQuery.raw(markAfterIdentify(this.p), [websiteId, websiteId, userId]));
  }

  async userVisitors(db: Kysely<DB> | Transaction<DB>, websiteId: string, userId: string): Promise<number> {
    const result = await db.executeQuery<{ n: number }>(
      CompiledQuery.raw(countUserVisitors(this.p), [websiteId, userId]),
    );
    return Number(result.rows[0]?.n ?? 0);
  }
}
