import { attributionModels } from '@ocx/contracts';
import { MAX_PATH_TOUCHPOINTS, type TouchCredit, type Touchpoint } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { inScopeSql, through } from '../sql/filters';
import { AttributionRepository } from './attribution.repository';
import { CREDIT_STATE } from './credit-state';
import { type PendingConversion, type PendingRecord, toPending } from './pending-conversion';

interface ClickRecord {
  id: string;
  ts: number;
  campaign_id: string | null;
  channel: string;
}

/** This visitor and those sharing a user id with it; CROSS JOIN makes SQLite start from it. */
const LINKED = `visitor_id in (select cast(@visitor as text) union
  select other.visitor_id from identity mine cross join identity other
  where mine.website_id = @website and mine.visitor_id = @visitor
    and other.website_id = mine.website_id and other.user_id = mine.user_id)`;

/** The hot statements' SQL (exported for the query-plan test). */
export const CREDITING_SQL = {
  // INDEXED BY: without statistics SQLite would walk the website's conversions in time order
  // (every credited one) to avoid sorting the few pending ones.
  claim: `select id, website_id, goal_name, currency, visitor_id, campaign_id, click_id, value_minor, ts,
      followed_up, path_changes from conversion indexed by conversion_credit_state_idx
    where website_id = ? and followed_up in (${CREDIT_STATE.new}, ${CREDIT_STATE.recredit})
    order by ts limit ?`,
  // INDEXED BY: to skip a sort SQLite would otherwise walk the website's clicks by time. The
  // range is half-open: `@to` is one past the conversion's time (through()).
  path: (linked: boolean, kind: 'direct' | 'non-direct', order: 'recent' | 'first') =>
    `select id, ts, campaign_id, channel from click indexed by click_website_visitor_idx
     where ${inScopeSql({ websiteId: '@website', from: '@from', to: '@to' })}
       and ${linked ? LINKED : 'visitor_id = @visitor'}
       and channel ${kind === 'direct' ? '=' : '<>'} 'direct'
     order by ${order === 'recent' ? 'ts desc, id desc' : 'ts, id'} limit @limit`,
};

/**
 * The SQLite event writer thread's crediting storage: the statements a pass runs for every
 * conversion (claim, path, credits, state) are prepared once on the raw connection and reused,
 * where Kysely compiled and the driver looked up each one anew. They run on the connection under
 * Kysely's, inside the snapshot or transaction the crediting job holds.
 */
export class SqliteAttributionRepository extends AttributionRepository {
  private readonly claimStatement: SqliteDatabase.Statement;
  private readonly pathStatements: Record<string, SqliteDatabase.Statement>;
  private readonly insertCredit: SqliteDatabase.Statement;
  private readonly markStatement: SqliteDatabase.Statement;

  constructor(db: Kysely<DB>, sqlite: SqliteDatabase.Database) {
    super(db, 'sqlite');
    this.claimStatement = sqlite.prepare(CREDITING_SQL.claim);
    this.pathStatements = {};
    for (const linked of [false, true])
      for (const kind of ['direct', 'non-direct'] as const)
        for (const order of ['recent', 'first'] as const)
          this.pathStatements[`${linked}:${kind}:${order}`] = sqlite.prepare(
            CREDITING_SQL.path(linked, kind, order),
          );
    const columns = attributionModels.flatMap((m) => [`credit_${m}`, `value_${m}`]);
    this.insertCredit = sqlite.prepare(
      `insert into touch_credit (conversion_id, version, position, website_id, click_id, campaign_id, channel,
        currency, ts, ${columns.join(', ')}) values (${Array.from({ length: 9 + columns.length }, () => '?').join(', ')})`,
    );
    this.markStatement = sqlite.prepare(
      `update conversion set followed_up = case when path_changes = ? then ${CREDIT_STATE.credited}
        else ${CREDIT_STATE.recredit} end, credit_error = ? where id = ?`,
    );
  }

  override async claim(_db: unknown, websiteId: string, limit: number): Promise<PendingConversion[]> {
    return (this.claimStatement.all(websiteId, limit) as PendingRecord[]).map(toPending);
  }

  override async touchpoints(
    _db: unknown,
    websiteId: string,
    visitorId: string,
    linked: boolean,
    from: number,
    to: number,
  ): Promise<Touchpoint[]> {
    const where = { website: websiteId, visitor: visitorId, from, to: through(to) };
    const found = this.rawPathClicks(linked, 'non-direct', where);
    return found.length > 0 ? found : this.rawPathClicks(linked, 'direct', where);
  }

  private rawPathClicks(
    linked: boolean,
    kind: string,
    where: { website: string; visitor: string; from: number; to: number },
  ): Touchpoint[] {
    const statement = (order: string) =>
      this.pathStatements[`${linked}:${kind}:${order}`] as SqliteDatabase.Statement;
    const rows = statement('recent').all({ ...where, limit: MAX_PATH_TOUCHPOINTS - 1 }) as ClickRecord[];
    if (rows.length === MAX_PATH_TOUCHPOINTS - 1) {
      const first = statement('first').get({ ...where, limit: 1 }) as ClickRecord | undefined;
      if (first && !rows.some((r) => r.id === first.id)) rows.push(first);
    }
    return rows.map((r) => ({ clickRowId: r.id, ts: r.ts, campaignId: r.campaign_id, channel: r.channel }));
  }

  override async insertCredits(
    _db: unknown,
    conversion: PendingConversion,
    version: number,
    credits: TouchCredit[],
  ): Promise<void> {
    const values = new Array<unknown>(9 + 2 * attributionModels.length);
    for (const c of credits) {
      values[0] = conversion.id;
      values[1] = version;
      values[2] = c.position;
      values[3] = conversion.websiteId;
      values[4] = c.clickRowId;
      values[5] = c.campaignId;
      values[6] = c.channel;
      values[7] = conversion.currency;
      values[8] = conversion.ts;
      let i = 9;
      for (const model of attributionModels) {
        values[i++] = c.credit[model];
        values[i++] = c.value[model];
      }
      this.insertCredit.run(values);
    }
  }

  override async markCredited(_db: unknown, c: PendingConversion, note: string | null): Promise<void> {
    this.markStatement.run(c.pathChanges, note, c.id);
  }
}
