import { attributionModels } from '@ocx/contracts';
import {
  type CreditSettings,
  MAX_LINKED_VISITORS,
  MAX_PATH_TOUCHPOINTS,
  type TouchCredit,
  type Touchpoint,
  withModelWeights,
} from '@ocx/core';
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';
import { readStoredConfig } from './website-config';

type Db = Kysely<DB> | Transaction<DB>;
export type CreditInsert = Insertable<DB['touch_credit']>;

/**
 * conversion.followed_up: where a conversion is in crediting. `recredit`: its path changed after it
 * was credited (a late click, an identify), so its credits are computed again (no new postback).
 */
export const CREDIT_STATE = { new: 0, credited: 1, recredit: 2, failed: 3 } as const;

/** Rows per credit insert: 25 columns × 100 stays far below both dialects' parameter caps. */
const CREDIT_CHUNK = 100;

export interface PendingConversion {
  id: string;
  websiteId: string;
  goalName: string;
  currency: string;
  visitorId: string | null;
  campaignId: string | null;
  clickRowId: string | null;
  valueMinor: number | null;
  ts: number;
  state: number;
  /** path_changes when read: a change meanwhile sends the conversion back to be credited again. */
  pathChanges: number;
}

/** What crediting made of a conversion, to be written. */
export interface CreditOutcome {
  conversion: PendingConversion;
  /** Every touchpoint's credits, per settings version; absent when crediting failed. */
  credits: { version: number; rows: TouchCredit[] }[] | null;
  /** Why it failed, or what it had to leave out; null when all went well. */
  issue: string | null;
}

export interface JobRow {
  activeVersion: number;
  targetVersion: number;
  total: number;
  done: number;
}

export interface SiteFacts {
  current: CreditSettings;
  postbackUrl: string | null;
}

const pendingColumns = [
  'c.id',
  'c.website_id',
  'c.goal_name',
  'c.currency',
  'c.visitor_id',
  'c.campaign_id',
  'c.click_id',
  'c.value_minor',
  'c.ts',
  'c.followed_up',
  'c.path_changes',
] as const;

/** A conversion row as the crediting queries select it. */
export interface PendingRecord {
  id: string;
  website_id: string;
  goal_name: string;
  currency: string;
  visitor_id: string | null;
  campaign_id: string | null;
  click_id: string | null;
  value_minor: number | null;
  ts: number;
  followed_up: number;
  path_changes: number;
}

export const toPending = (r: PendingRecord): PendingConversion => ({
  id: r.id,
  websiteId: r.website_id,
  goalName: r.goal_name,
  currency: r.currency,
  visitorId: r.visitor_id,
  campaignId: r.campaign_id,
  clickRowId: r.click_id,
  valueMinor: r.value_minor === null ? null : Number(r.value_minor),
  ts: Number(r.ts),
  state: Number(r.followed_up),
  pathChanges: Number(r.path_changes),
});

/** Stored settings of a version, read as credits use them (older versions had one shared triple). */
export function readCreditSettings(json: string): CreditSettings {
  const stored = JSON.parse(json) as Partial<CreditSettings> & { settings?: CreditSettings['settings'] };
  return {
    window: Number(stored.window ?? 90),
    settings: withModelWeights(stored.settings ?? {}),
    crossDevice: stored.crossDevice === true,
  };
}

/** Storage of attribution versions, jobs and credits; the decisions live in core and the job. */
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

  async settings(db: Db, websiteId: string, version: number): Promise<CreditSettings | undefined> {
    const row = await db
      .selectFrom('attribution_version')
      .select('settings')
      .where('website_id', '=', websiteId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? readCreditSettings(row.settings) : undefined;
  }

  /** The website's credit settings now and its postback URL; undefined once it is deleted. */
  async siteFacts(db: Db, websiteId: string): Promise<SiteFacts | undefined> {
    const row = await db.selectFrom('website').selectAll().where('id', '=', websiteId).executeTakeFirst();
    if (!row) return undefined;
    const { settings, scriptConfig } = readStoredConfig(row);
    return {
      current: { window: row.attribution_window, settings, crossDevice: scriptConfig.crossDeviceTracking },
      postbackUrl: row.postback_url,
    };
  }

  /** Version 1 for a website that has none yet (websites created before attribution existed too). */
  async ensureFirstVersion(db: Db, websiteId: string, settings: CreditSettings, now: number): Promise<void> {
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
    settings: CreditSettings,
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
    let query = db
      .selectFrom('conversion as c')
      .select(pendingColumns)
      .where('c.website_id', '=', websiteId)
      .where('c.followed_up', 'in', [CREDIT_STATE.new, CREDIT_STATE.recredit])
      .orderBy('c.ts')
      .limit(limit);
    if (this.dialect === 'postgres') query = query.forUpdate().skipLocked();
    return (await query.execute()).map(toPending);
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

  async progress(db: Db, websiteId: string, done: number, now: number): Promise<void> {
    await db
      .updateTable('attribution_job')
      .set((eb) => ({ done: eb('done', '+', done), updated_at: now }))
      .where('website_id', '=', websiteId)
      .execute();
  }

  /**
   * The new figures take over at once; the old version's credits go. Conversions that failed are
   * tried once more under the new settings.
   */
  async activate(trx: Transaction<DB>, websiteId: string, version: number, now: number): Promise<void> {
    await trx
      .updateTable('attribution_job')
      .set({ active_version: version, updated_at: now })
      .where('website_id', '=', websiteId)
      .execute();
    await trx
      .deleteFrom('touch_credit')
      .where('website_id', '=', websiteId)
      .where('version', '<', version)
      .execute();
    await trx
      .deleteFrom('attribution_version')
      .where('website_id', '=', websiteId)
      .where('version', '<', version)
      .execute();
    await trx
      .updateTable('conversion')
      .set({ followed_up: CREDIT_STATE.recredit })
      .where('website_id', '=', websiteId)
      .where('followed_up', '=', CREDIT_STATE.failed)
      .execute();
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
   * The clicks a path is made of, the ones selectTouchpoints keeps: the 99 most recent non-direct
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
      .where('website_id', '=', websiteId)
      .where((eb) =>
        linked
          ? eb.or([
              eb('visitor_id', '=', visitorId),
              eb('visitor_id', 'in', sharingUserId(eb, websiteId, visitorId)),
            ])
          : eb('visitor_id', '=', visitorId),
      )
      .where('ts', '>=', from)
      .where('ts', '<=', to)
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

  /** A campaign's UTM tags and network: what its entrance channel follows (DESIGN §7). */
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

  async markFailed(db: Db, conversionId: string, reason: string): Promise<void> {
    await db
      .updateTable('conversion')
      .set({ followed_up: CREDIT_STATE.failed, credit_error: reason.slice(0, 500) })
      .where('id', '=', conversionId)
      .execute();
  }

  /** Conversions waiting to be credited and conversions that could not be (for /api/health). */
  async crediting(db: Db): Promise<{ pending: number; failed: number }> {
    const rows = await db
      .selectFrom('conversion')
      .select(['followed_up', (eb) => eb.fn.countAll<number>().as('n')])
      .where('followed_up', 'in', [CREDIT_STATE.new, CREDIT_STATE.recredit, CREDIT_STATE.failed])
      .groupBy('followed_up')
      .execute();
    const count = (state: number) => Number(rows.find((r) => Number(r.followed_up) === state)?.n ?? 0);
    return {
      pending: count(CREDIT_STATE.new) + count(CREDIT_STATE.recredit),
      failed: count(CREDIT_STATE.failed),
    };
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

  /**
   * Serialises the crediting of one website across app servers (PostgreSQL): its recompute steps,
   * and its crediting passes against the collect writers that derive its clicks (the event store's
   * lock), so a path is never read while a click of it is half written.
   */
  async lockWebsite(trx: Transaction<DB>, websiteId: string, withCollect = false): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(hashtext(${`attribution:${websiteId}`}))`.execute(trx);
    if (withCollect) await sql`select pg_advisory_xact_lock(hashtext(${websiteId}))`.execute(trx);
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
