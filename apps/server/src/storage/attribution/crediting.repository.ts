import { attributionModels } from '@ocx/contracts';
import { MAX_LINKED_VISITORS, MAX_PATH_TOUCHPOINTS, type TouchCredit, type Touchpoint } from '@ocx/core';
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { type Dialect, forUpdateSkipLocked, locksRows, takeTurns } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { inScope, through } from '../sql/filters';
import { CREDIT_STATE } from './credit-state';
import { type PendingConversion, pendingColumns, toPending } from './pending-conversion';

export type Db = Kysely<DB> | Transaction<DB>;
type CreditInsert = Insertable<DB['touch_credit']>;

/** Rows per credit insert: 25 columns × 100 stays far below both dialects' parameter caps. */
const CREDIT_CHUNK = 100;

/**
 * The crediting job's statements: it claims a website's waiting conversions, reads each one's path,
 * writes its credit rows and its state. The decisions live in core and the job.
 */
export class CreditingRepository {
  /**
   * Each website is credited in a transaction of its own that claims its rows and takes its lock
   * (PostgreSQL: several app servers may credit at once); otherwise one writer credits a whole pass.
   */
  readonly locksPerWebsite: boolean;

  constructor(
    readonly db: Kysely<DB>,
    readonly dialect: Dialect,
  ) {
    this.locksPerWebsite = locksRows(dialect);
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Reads in one SQLite read transaction (no write lock). Each statement on its own would start a
   * new one, and after another connection's commit (the event writer's, every few milliseconds
   * under load) that empties this connection's page cache, so every lookup reads its pages again.
   */
  snapshot<T>(fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (db) => {
      await sql`begin`.execute(db);
      try {
        return await fn(db);
      } finally {
        await sql`commit`.execute(db);
      }
    });
  }

  /**
   * Serialises the crediting of one website across app servers (PostgreSQL): its crediting passes
   * and recompute steps take turns. Collect writers do not wait for it: a click or identity they
   * commit meanwhile counts a path change on the conversions it touches (PathChanges), which
   * markCredited compares with what it read.
   */
  async lockWebsite(trx: Transaction<DB>, websiteId: string): Promise<void> {
    await takeTurns(trx, this.dialect, `attribution:${websiteId}`);
  }

  /** Websites with conversions waiting to be credited (new ones, or ones whose path changed). */
  async websitesWithPending(db: Db, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('conversion')
      .select('website_id')
      .distinct()
      .where('followed_up', 'in', [CREDIT_STATE.new, CREDIT_STATE.recredit])
      .limit(limit)
      .execute();
    return rows.map((r) => r.website_id);
  }

  /**
   * A website's conversions waiting to be credited, oldest first. On PostgreSQL, inside a
   * transaction, the rows stay claimed until it ends and rows another server holds are skipped.
   */
  async claim(db: Db, websiteId: string, limit: number): Promise<PendingConversion[]> {
    const query = db
      .selectFrom('conversion as c')
      .select(pendingColumns)
      .where('c.website_id', '=', websiteId)
      .where('c.followed_up', 'in', [CREDIT_STATE.new, CREDIT_STATE.recredit])
      .orderBy('c.ts')
      .limit(limit);
    return (await forUpdateSkipLocked(query, this.dialect).execute()).map(toPending);
  }

  /** Conversions of a website that have no credits at `version` yet (credited ones only). */
  async missingVersion(
    db: Db,
    websiteId: string,
    version: number,
    limit: number,
  ): Promise<PendingConversion[]> {
    const rows = await db
      .selectFrom('conversion as c')
      .select(pendingColumns)
      .where('c.website_id', '=', websiteId)
      .where('c.followed_up', '=', CREDIT_STATE.credited)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('touch_credit as a')
              .select('a.conversion_id')
              .whereRef('a.conversion_id', '=', 'c.id')
              .where('a.version', '=', version),
          ),
        ),
      )
      .orderBy('c.ts')
      .limit(limit)
      .execute();
    return rows.map(toPending);
  }

  /**
   * How many other visitors share a user id with this one (cross-device), counted up to one past
   * MAX_LINKED_VISITORS: enough to know the limit is passed without counting a huge group.
   */
  async linkedVisitorCount(db: Db, websiteId: string, visitorId: string): Promise<number> {
    const row = await db
      .selectFrom((eb) =>
        sharingUserId(eb, websiteId, visitorId)
          .distinct()
          .where('visitor_id', '!=', visitorId)
          .limit(MAX_LINKED_VISITORS + 1)
          .as('linked'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The clicks a path is made of, from `from` up to and including `to` (a click at the conversion's
   * millisecond is in its path), the ones selectTouchpoints keeps: the 99 most recent non-direct
   * ones and the earliest (MAX_PATH_TOUCHPOINTS in all), or, with none, the direct ones alike. With
   * `linked`, the clicks of every visitor that shares a user id with this one too, read through a
   * subquery (never a bound list: one user id can be linked to any number of visitors).
   */
  async touchpoints(
    db: Db,
    websiteId: string,
    visitorId: string,
    linked: boolean,
    from: number,
    to: number,
  ): Promise<Touchpoint[]> {
    const found = await this.pathClicks(db, websiteId, visitorId, linked, from, to, 'non-direct');
    return found.length > 0 ? found : this.pathClicks(db, websiteId, visitorId, linked, from, to, 'direct');
  }

  private async pathClicks(
    db: Db,
    websiteId: string,
    visitorId: string,
    linked: boolean,
    from: number,
    to: number,
    kind: 'direct' | 'non-direct',
  ): Promise<Touchpoint[]> {
    const base = db
      .selectFrom('click')
      .select(['id', 'ts', 'campaign_id', 'channel'])
      .where(inScope({ websiteId, from, to: through(to) }))
      .where((eb) =>
        linked
          ? eb.or([
              eb('visitor_id', '=', visitorId),
              eb('visitor_id', 'in', sharingUserId(eb, websiteId, visitorId)),
            ])
          : eb('visitor_id', '=', visitorId),
      )
      .where('channel', kind === 'direct' ? '=' : '!=', 'direct');
    const recent = await base
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_PATH_TOUCHPOINTS - 1)
      .execute();
    const rows = [...recent];
    if (recent.length === MAX_PATH_TOUCHPOINTS - 1) {
      const first = await base.orderBy('ts').orderBy('id').limit(1).executeTakeFirst();
      if (first && !recent.some((r) => r.id === first.id)) rows.push(first);
    }
    return rows.map((r) => ({
      clickRowId: r.id,
      ts: Number(r.ts),
      campaignId: r.campaign_id,
      channel: r.channel,
    }));
  }

  /** A campaign's UTM tags and network: what its entrance channel follows (docs/definitions.md#campaign-links). */
  async campaignFacts(
    db: Db,
    campaignId: string,
  ): Promise<{ utmSource: string | null; utmMedium: string | null; network: string } | undefined> {
    const row = await db
      .selectFrom('campaign')
      .select(['utm_params', 'network'])
      .where('id', '=', campaignId)
      .executeTakeFirst();
    if (!row) return undefined;
    const utm = parseUtm(row.utm_params);
    return { utmSource: utm.source ?? null, utmMedium: utm.medium ?? null, network: row.network };
  }

  /** One conversion's credits under one settings version: a touch_credit row per touchpoint. */
  async insertCredits(db: Db, conversion: PendingConversion, version: number, credits: TouchCredit[]) {
    const rows = credits.map((c) => {
      const row: Record<string, unknown> = {
        conversion_id: conversion.id,
        version,
        position: c.position,
        website_id: conversion.websiteId,
        click_id: c.clickRowId,
        campaign_id: c.campaignId,
        channel: c.channel,
        currency: conversion.currency,
        ts: conversion.ts,
      };
      for (const model of attributionModels) {
        row[`credit_${model}`] = c.credit[model];
        row[`value_${model}`] = c.value[model];
      }
      return row as CreditInsert;
    });
    for (let i = 0; i < rows.length; i += CREDIT_CHUNK)
      await db
        .insertInto('touch_credit')
        .values(rows.slice(i, i + CREDIT_CHUNK))
        .execute();
  }

  async deleteCredits(db: Db, conversionId: string, versions: number[]): Promise<void> {
    await db
      .deleteFrom('touch_credit')
      .where('conversion_id', '=', conversionId)
      .where('version', 'in', versions)
      .execute();
  }

  /**
   * Credited (with what it had to leave out, if anything) — unless its path changed since it was
   * read, which sends it back to be credited again.
   */
  async markCredited(db: Db, c: PendingConversion, note: string | null): Promise<void> {
    await db
      .updateTable('conversion')
      .set((eb) => ({
        followed_up: eb
          .case()
          .when('path_changes', '=', c.pathChanges)
          .then(CREDIT_STATE.credited)
          .else(CREDIT_STATE.recredit)
          .end(),
        credit_error: note,
      }))
      .where('id', '=', c.id)
      .execute();
  }

  /**
   * Whether the conversion is still in the state it was claimed in: in a transaction holding the
   * website's lock, false means another app server's pass has taken care of it meanwhile.
   */
  async stillWaiting(db: Db, c: PendingConversion): Promise<boolean> {
    const row = await db
      .selectFrom('conversion')
      .select('followed_up')
      .where('id', '=', c.id)
      .executeTakeFirst();
    return row !== undefined && Number(row.followed_up) === c.state;
  }

  async markFailed(db: Db, conversionId: string, reason: string): Promise<void> {
    await db
      .updateTable('conversion')
      .set({ followed_up: CREDIT_STATE.failed, credit_error: reason.slice(0, 500) })
      .where('id', '=', conversionId)
      .execute();
  }

  /** What a postback about the conversion needs: its campaign's ocxid and its click's ad click id. */
  async postbackFacts(
    db: Db,
    c: PendingConversion,
  ): Promise<{ ocxid: string | null; clickId: string | null; clickIdType: string | null }> {
    const campaign = c.campaignId
      ? await db.selectFrom('campaign').select('ocxid').where('id', '=', c.campaignId).executeTakeFirst()
      : undefined;
    const click = c.clickRowId
      ? await db
          .selectFrom('click')
          .select(['click_id', 'click_id_type'])
          .where('id', '=', c.clickRowId)
          .executeTakeFirst()
      : undefined;
    return {
      ocxid: campaign?.ocxid ?? null,
      clickId: click?.click_id ?? null,
      clickIdType: click?.click_id_type ?? null,
    };
  }
}

/**
 * The visitors that share a user id with `visitorId` (cross-device), as a subquery: the user ids
 * first, then their visitors, both from identity_user_idx.
 */
function sharingUserId(
  eb: Pick<ExpressionBuilder<DB, never>, 'selectFrom'>,
  websiteId: string,
  visitorId: string,
) {
  return eb
    .selectFrom('identity')
    .select('visitor_id')
    .where('website_id', '=', websiteId)
    .where('user_id', 'in', (sub) =>
      sub
        .selectFrom('identity')
        .select('user_id')
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId),
    );
}

function parseUtm(json: string | null): Record<string, string | undefined> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, string | undefined>)
      : {};
  } catch {
    return {};
  }
}
