import type { CreditSettings } from '@ocx/core';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { readStoredConfig } from '../websites/website-config';
import { readCreditSettings } from './credit-settings';
import { CREDIT_STATE } from './credit-state';
import { CreditingRepository, type Db } from './crediting.repository';

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

/**
 * Storage of attribution: the settings versions, each website's recompute job and the crediting
 * figures /api/health shows, on top of the crediting job's statements (CreditingRepository).
 */
export class AttributionRepository extends CreditingRepository {
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
}
