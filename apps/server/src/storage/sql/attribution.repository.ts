import type { Attribution } from '@ocx/contracts';
import type { CreditRow, Touchpoint } from '@ocx/core';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';

export type AttributionSettingsSnapshot = Pick<Attribution, 'window' | 'settings'>;
type Db = Kysely<DB> | Transaction<DB>;
export type CreditInsert = Insertable<DB['attribution_credit']>;

/** Rows per credit insert: 10 columns × 100 stays far below both dialects' parameter caps. */
const CREDIT_CHUNK = 100;

export interface PendingConversion {
  id: string;
  websiteId: string;
  goalName: string;
  currency: string;
  visitorId: string | null;
  campaignId: string | null;
  clickRowId: string | null;
  value: number | null;
  ts: number;
}

export interface JobRow {
  activeVersion: number;
  targetVersion: number;
  total: number;
  done: number;
}

const toPending = (r: {
  id: string;
  website_id: string;
  goal_name: string;
  currency: string;
  visitor_id: string | null;
  campaign_id: string | null;
  click_id: string | null;
  value: number | null;
  ts: number;
}): PendingConversion => ({
  id: r.id,
  websiteId: r.website_id,
  goalName: r.goal_name,
  currency: r.currency,
  visitorId: r.visitor_id,
  campaignId: r.campaign_id,
  clickRowId: r.click_id,
  value: r.value,
  ts: Number(r.ts),
});

/** Storage of attribution versions, jobs and credits; the decisions live in core and the service. */
export class AttributionRepository {
  constructor(
    readonly db: Kysely<DB>,
    readonly dialect: Dialect,
  ) {}

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Reads in one SQLite read transaction (no write lock). Each statement on its own would start a
   * new one, and after another connection's commit (the event writer's, every few milliseconds
   * under load) that empties this connection's page cache: an indexed lookup then cost ~26 µs
   * instead of ~5 µs on this machine.
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

  async job(db: Db, websiteId: string): Promise<JobRow | undefined> {
    const row = await db
      .selectFrom('attribution_job')
      .selectAll()
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return (
      row && {
        activeVersion: row.active_version,
        targetVersion: row.target_version,
        total: row.total,
        done: row.done,
      }
    );
  }

  async settings(
    db: Db,
    websiteId: string,
    version: number,
  ): Promise<AttributionSettingsSnapshot | undefined> {
    const row = await db
      .selectFrom('attribution_version')
      .select('settings')
      .where('website_id', '=', websiteId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? (JSON.parse(row.settings) as AttributionSettingsSnapshot) : undefined;
  }

  /** Version 1 for a website that has none yet (websites created before attribution existed too). */
  async ensureFirstVersion(
    db: Db,
    websiteId: string,
    settings: AttributionSettingsSnapshot,
    now: number,
  ): Promise<void> {
    await db
      .insertInto('attribution_version')
      .values({ website_id: websiteId, version: 1, settings: JSON.stringify(settings), created_at: now })
      .onConflict((oc) => oc.columns(['website_id', 'version']).doNothing())
      .execute();
    await db
      .insertInto('attribution_job')
      .values({
        website_id: websiteId,
        active_version: 1,
        target_version: 1,
        total: 0,
        done: 0,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('website_id').doNothing())
      .execute();
  }

  async startVersion(
    db: Db,
    websiteId: string,
    version: number,
    settings: AttributionSettingsSnapshot,
    total: number,
    now: number,
  ) {
    await db
      .insertInto('attribution_version')
      .values({ website_id: websiteId, version, settings: JSON.stringify(settings), created_at: now })
      .execute();
    await db
      .updateTable('attribution_job')
      .set({ target_version: version, total, done: 0, updated_at: now })
      .where('website_id', '=', websiteId)
      .execute();
  }

  async countConversions(db: Db, websiteId: string): Promise<number> {
    const row = await db
      .selectFrom('conversion')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Conversions whose credits are not written yet, oldest first. On PostgreSQL, inside a
   * transaction, the rows stay claimed until it ends and rows another server holds are skipped.
   */
  async claimNew(trx: Db, limit: number): Promise<PendingConversion[]> {
    let query = trx
      .selectFrom('conversion')
      .select([
        'id',
        'website_id',
        'goal_name',
        'currency',
        'visitor_id',
        'campaign_id',
        'click_id',
        'value',
        'ts',
      ])
      .where('followed_up', '=', 0)
      .orderBy('ts')
      .limit(limit);
    if (this.dialect === 'postgres') query = query.forUpdate().skipLocked();
    return (await query.execute()).map(toPending);
  }

  async markFollowedUp(trx: Transaction<DB>, ids: string[]): Promise<void> {
    if (ids.length)
      await trx.updateTable('conversion').set({ followed_up: 1 }).where('id', 'in', ids).execute();
  }

  /** Conversions of a website that have no credits at `version` yet. */
  async missingVersion(
    db: Db,
    websiteId: string,
    version: number,
    limit: number,
  ): Promise<PendingConversion[]> {
    const rows = await db
      .selectFrom('conversion as c')
      .select([
        'c.id',
        'c.website_id',
        'c.goal_name',
        'c.currency',
        'c.visitor_id',
        'c.campaign_id',
        'c.click_id',
        'c.value',
        'c.ts',
      ])
      .where('c.website_id', '=', websiteId)
      .where('c.followed_up', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('attribution_credit as a')
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

  async progress(db: Db, websiteId: string, done: number, now: number): Promise<void> {
    await db
      .updateTable('attribution_job')
      .set((eb) => ({ done: eb('done', '+', done), updated_at: now }))
      .where('website_id', '=', websiteId)
      .execute();
  }

  /** The new figures take over at once; the old version's credits go. */
  async activate(trx: Transaction<DB>, websiteId: string, version: number, now: number): Promise<void> {
    await trx
      .updateTable('attribution_job')
      .set({ active_version: version, updated_at: now })
      .where('website_id', '=', websiteId)
      .execute();
    await trx
      .deleteFrom('attribution_credit')
      .where('website_id', '=', websiteId)
      .where('version', '<', version)
      .execute();
    await trx
      .deleteFrom('attribution_version')
      .where('website_id', '=', websiteId)
      .where('version', '<', version)
      .execute();
  }

  /** The visitor and, with cross-device tracking, every visitor identified as the same user. */
  async linkedVisitors(db: Db, websiteId: string, visitorId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('identity')
      .select('visitor_id')
      .where('website_id', '=', websiteId)
      .where('user_id', 'in', (eb) =>
        eb
          .selectFrom('identity')
          .select('user_id')
          .where('website_id', '=', websiteId)
          .where('visitor_id', '=', visitorId),
      )
      .execute();
    return [...new Set([visitorId, ...rows.map((r) => r.visitor_id)])];
  }

  async touchpoints(
    db: Db,
    websiteId: string,
    visitorIds: string[],
    from: number,
    to: number,
  ): Promise<Touchpoint[]> {
    if (visitorIds.length === 0) return [];
    const rows = await db
      .selectFrom('click')
      .select(['id', 'ts', 'campaign_id', 'channel'])
      .where('website_id', '=', websiteId)
      .where('visitor_id', 'in', visitorIds)
      .where('ts', '>=', from)
      .where('ts', '<=', to)
      .execute();
    return rows.map((r) => ({
      clickRowId: r.id,
      ts: Number(r.ts),
      campaignId: r.campaign_id,
      channel: r.channel,
    }));
  }

  /** The attribution_credit rows of one conversion under one settings version. */
  creditRows(conversion: PendingConversion, version: number, credits: CreditRow[]): CreditInsert[] {
    return credits.map((c) => ({
      conversion_id: conversion.id,
      website_id: conversion.websiteId,
      version,
      model: c.model,
      click_id: c.clickRowId,
      campaign_id: c.campaignId,
      channel: c.channel,
      credit: c.credit,
      value_credit: c.valueCredit,
      currency: conversion.currency,
      ts: conversion.ts,
    }));
  }

  /**
   * Inserts a whole pass's credits in statements of CREDIT_CHUNK rows: the same SQL text each
   * time, so its prepared statement is reused, where one statement per conversion (each with its
   * own row count) was compiled and prepared anew.
   */
  async insertCredits(db: Db, rows: CreditInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CREDIT_CHUNK) {
      await db
        .insertInto('attribution_credit')
        .values(rows.slice(i, i + CREDIT_CHUNK))
        .execute();
    }
  }

  /** Websites with a recompute under way. */
  async runningJobs(db: Db): Promise<{ websiteId: string; targetVersion: number }[]> {
    const rows = await db
      .selectFrom('attribution_job')
      .select(['website_id', 'target_version'])
      .whereRef('target_version', '>', 'active_version')
      .execute();
    return rows.map((r) => ({ websiteId: r.website_id, targetVersion: r.target_version }));
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

  /** Serialises recompute steps of one website across app servers (PostgreSQL). */
  async lockWebsite(trx: Transaction<DB>, websiteId: string): Promise<void> {
    if (this.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`attribution:${websiteId}`}))`.execute(trx);
  }
}
