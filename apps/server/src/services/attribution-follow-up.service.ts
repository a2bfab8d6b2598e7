import { attribute, byWebsite, expandPostbackUrl } from '@ocx/core';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { timeOrderedId } from '../db/time-ordered-id';
import type {
  AttributionRepository,
  AttributionSettingsSnapshot,
  CreditInsert,
  PendingConversion,
} from '../storage/sql/attribution.repository';
import type { PostbackRepository } from '../storage/sql/postback.repository';
import type { BackgroundTask } from './background-jobs';
import { readStoredConfig } from './website.mapper';

const CHUNK = 500;
const DAY_MS = 86_400_000;

type Db = Kysely<DB> | Transaction<DB>;
type PostbackInsert = Parameters<PostbackRepository['enqueue']>[1];

/** A follow-up pass worked out, before anything of it is written. */
interface PreparedFollowUp {
  conversionIds: string[];
  firstVersions: { websiteId: string; settings: AttributionSettingsSnapshot }[];
  credits: CreditInsert[];
  postbacks: PostbackInsert[];
}

interface SiteFacts {
  current: AttributionSettingsSnapshot;
  crossDevice: boolean;
  postbackUrl: string | null;
}

/**
 * Credits every conversion under all eight models (DESIGN §7) and queues its postback, once, soon
 * after it is stored; does a website's recompute chunk by chunk (BackgroundJobs runs both).
 */
export class AttributionFollowUp {
  constructor(
    private readonly repo: AttributionRepository,
    private readonly postbacks: PostbackRepository,
  ) {}

  /**
   * Credits (and queues postbacks for) conversions stored since the last pass; returns how many.
   * On PostgreSQL the claim lasts until the credits are written (other servers skip those rows).
   * On SQLite one follow-up runs per file (on the event writer thread), so the reading and the
   * models run in a read snapshot, outside the write lock, which then lasts only for the inserts:
   * the other connections' writes (the HTTP and auth threads') wait for those alone.
   */
  async followUpNew(): Promise<number> {
    if (this.repo.dialect === 'postgres')
      return this.repo.transaction(async (trx) => this.writeFollowUp(trx, await this.prepareFollowUp(trx)));
    const prepared = await this.repo.snapshot((db) => this.prepareFollowUp(db));
    return this.repo.transaction((trx) => this.writeFollowUp(trx, prepared));
  }

  private async prepareFollowUp(db: Db): Promise<PreparedFollowUp> {
    const claimed = await this.repo.claimNew(db, CHUNK);
    const prepared: PreparedFollowUp = {
      conversionIds: claimed.map((c) => c.id),
      firstVersions: [],
      credits: [],
      postbacks: [],
    };
    for (const [websiteId, conversions] of byWebsite(claimed)) {
      const site = await this.siteFacts(websiteId, db);
      if (!site) continue;
      // The figures in use and, during a recompute, the ones being made; a website's first
      // conversion also writes version 1, its current settings.
      const job = await this.repo.job(db, websiteId);
      if (!job) prepared.firstVersions.push({ websiteId, settings: site.current });
      const snapshots = job
        ? await this.snapshots(db, websiteId, [job.activeVersion, job.targetVersion])
        : new Map([[1, site.current]]);
      for (const conversion of conversions) {
        prepared.credits.push(...(await this.credit(db, conversion, snapshots, site.crossDevice)));
        if (site.postbackUrl) prepared.postbacks.push(await this.postback(db, conversion, site.postbackUrl));
      }
    }
    return prepared;
  }

  private async writeFollowUp(trx: Transaction<DB>, prepared: PreparedFollowUp): Promise<number> {
    for (const first of prepared.firstVersions)
      await this.repo.ensureFirstVersion(trx, first.websiteId, first.settings, Date.now());
    await this.repo.insertCredits(trx, prepared.credits);
    for (const postback of prepared.postbacks) await this.postbacks.enqueue(trx, postback);
    await this.repo.markFollowedUp(trx, prepared.conversionIds);
    return prepared.conversionIds.length;
  }

  /** One chunk of every running recompute; a recompute with nothing left switches the figures over. */
  async recomputeStep(): Promise<number> {
    let credited = 0;
    for (const { websiteId, targetVersion } of await this.repo.runningJobs(this.repo.db)) {
      const site = await this.siteFacts(websiteId);
      credited += await this.repo.transaction(async (trx) => {
        await this.repo.lockWebsite(trx, websiteId);
        const missing = await this.repo.missingVersion(trx, websiteId, targetVersion, CHUNK);
        const snapshots = await this.snapshots(trx, websiteId, [targetVersion]);
        const credits: CreditInsert[] = [];
        for (const conversion of missing)
          credits.push(...(await this.credit(trx, conversion, snapshots, site?.crossDevice ?? false)));
        await this.repo.insertCredits(trx, credits);
        await this.repo.progress(trx, websiteId, missing.length, Date.now());
        if (missing.length < CHUNK) await this.repo.activate(trx, websiteId, targetVersion, Date.now());
        return missing.length;
      });
    }
    return credited;
  }

  /** The settings of each version (the figures in use and, during a recompute, the ones being made). */
  private async snapshots(db: Db, websiteId: string, versions: number[]) {
    const snapshots = new Map<number, AttributionSettingsSnapshot>();
    for (const v of new Set(versions)) {
      const snapshot = await this.repo.settings(db, websiteId, v);
      if (snapshot) snapshots.set(v, snapshot);
    }
    return snapshots;
  }

  private async credit(
    db: Db,
    c: PendingConversion,
    snapshots: Map<number, AttributionSettingsSnapshot>,
    crossDevice: boolean,
  ): Promise<CreditInsert[]> {
    const longest = Math.max(...[...snapshots.values()].map((s) => s.window), 1);
    const visitors = !c.visitorId
      ? []
      : crossDevice
        ? await this.repo.linkedVisitors(db, c.websiteId, c.visitorId)
        : [c.visitorId];
    const clicks = await this.repo.touchpoints(db, c.websiteId, visitors, c.ts - longest * DAY_MS, c.ts);
    const fallback =
      c.campaignId && clicks.length === 0 ? { campaignId: c.campaignId, channel: 'paid' } : undefined;
    return [...snapshots].flatMap(([version, snapshot]) =>
      this.repo.creditRows(c, version, attribute(c, clicks, snapshot, fallback)),
    );
  }

  private async postback(db: Db, c: PendingConversion, template: string): Promise<PostbackInsert> {
    const facts = await this.repo.postbackFacts(db, c);
    const url = expandPostbackUrl(template, {
      ocxid: facts.ocxid,
      clickId: facts.clickId,
      gclid: facts.clickIdType === 'gclid' ? facts.clickId : null,
      goal: c.goalName,
      value: c.value,
      currency: c.currency,
      conversionId: c.id,
    });
    return { id: timeOrderedId(), websiteId: c.websiteId, conversionId: c.id, url, now: Date.now() };
  }

  /** Read through `db` — inside a transaction, its own (SQLite has one connection). */
  private async siteFacts(websiteId: string, db: Db = this.repo.db): Promise<SiteFacts | null> {
    const row = await db.selectFrom('website').selectAll().where('id', '=', websiteId).executeTakeFirst();
    if (!row) return null;
    const { settings, scriptConfig } = readStoredConfig(row);
    return {
      current: { window: row.attribution_window, settings },
      crossDevice: scriptConfig.crossDeviceTracking,
      postbackUrl: row.postback_url,
    };
  }
}

/** Where the follow-up runs: here, or on SQLite's event writer thread (SqliteThreadEventStore). */
export type FollowUpRunner = Pick<AttributionFollowUp, 'followUpNew' | 'recomputeStep'>;

/** The follow-up's background tasks (BackgroundJobs runs them in this order). */
export function followUpTasks(followUp: FollowUpRunner): BackgroundTask[] {
  return [
    { name: 'credit new conversions', run: () => followUp.followUpNew() },
    { name: 'recompute credits', run: () => followUp.recomputeStep() },
  ];
}
