import type { AttributionStatus } from '@ocx/contracts';
import { attribute, expandPostbackUrl } from '@ocx/core';
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
import { readStoredConfig } from './website.mapper';
import type { CurrentUser, WebsiteService } from './website.service';

const CHUNK = 500;
const DAY_MS = 86_400_000;

interface SiteFacts {
  current: AttributionSettingsSnapshot;
  crossDevice: boolean;
  postbackUrl: string | null;
}

/**
 * Credits every conversion under all eight models (DESIGN §7) and queues its postback, once, soon
 * after it is stored; recomputes a website's credits in the background when its settings change,
 * keeping the old figures until the new ones are complete.
 */
export class AttributionService {
  constructor(
    private readonly repo: AttributionRepository,
    private readonly postbacks: PostbackRepository,
    private readonly websites: WebsiteService,
  ) {}

  /** The window, weights or decay changed: credit everything again under a new version. */
  async settingsChanged(
    websiteId: string,
    before: AttributionSettingsSnapshot,
    after: AttributionSettingsSnapshot,
  ) {
    const now = Date.now();
    await this.repo.transaction(async (trx) => {
      await this.repo.lockWebsite(trx, websiteId);
      await this.repo.ensureFirstVersion(trx, websiteId, before, now);
      const job = await this.repo.job(trx, websiteId);
      const total = await this.repo.countConversions(trx, websiteId);
      await this.repo.startVersion(trx, websiteId, (job?.targetVersion ?? 1) + 1, after, total, now);
    });
  }

  async status(user: CurrentUser, websiteId: string): Promise<AttributionStatus> {
    await this.websites.owned(user, websiteId);
    const job = await this.repo.job(this.repo.db, websiteId);
    const active = job?.activeVersion ?? 1;
    const target = job?.targetVersion ?? active;
    return {
      activeVersion: active,
      targetVersion: target,
      running: target > active,
      done: job?.done ?? 0,
      total: job?.total ?? 0,
    };
  }

  /** Credits (and queues postbacks for) conversions stored since the last pass; returns how many. */
  async followUpNew(): Promise<number> {
    return this.repo.transaction(async (trx) => {
      const claimed = await this.repo.claimNew(trx, CHUNK);
      const credits: CreditInsert[] = [];
      const byWebsite = new Map<string, PendingConversion[]>();
      for (const c of claimed) {
        const list = byWebsite.get(c.websiteId);
        if (list) list.push(c);
        else byWebsite.set(c.websiteId, [c]);
      }
      for (const [websiteId, conversions] of byWebsite) {
        const site = await this.siteFacts(websiteId, trx);
        if (!site) continue;
        await this.repo.ensureFirstVersion(trx, websiteId, site.current, Date.now());
        const job = await this.repo.job(trx, websiteId);
        const snapshots = await this.snapshots(
          trx,
          websiteId,
          job ? [job.activeVersion, job.targetVersion] : [1],
        );
        for (const conversion of conversions) {
          credits.push(...(await this.credit(trx, conversion, snapshots, site.crossDevice)));
          if (site.postbackUrl) await this.queuePostback(trx, conversion, site.postbackUrl);
        }
      }
      await this.repo.insertCredits(trx, credits);
      await this.repo.markFollowedUp(
        trx,
        claimed.map((c) => c.id),
      );
      return claimed.length;
    });
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
  private async snapshots(trx: Transaction<DB>, websiteId: string, versions: number[]) {
    const snapshots = new Map<number, AttributionSettingsSnapshot>();
    for (const v of new Set(versions)) {
      const snapshot = await this.repo.settings(trx, websiteId, v);
      if (snapshot) snapshots.set(v, snapshot);
    }
    return snapshots;
  }

  private async credit(
    trx: Transaction<DB>,
    c: PendingConversion,
    snapshots: Map<number, AttributionSettingsSnapshot>,
    crossDevice: boolean,
  ): Promise<CreditInsert[]> {
    const longest = Math.max(...[...snapshots.values()].map((s) => s.window), 1);
    const visitors = !c.visitorId
      ? []
      : crossDevice
        ? await this.repo.linkedVisitors(trx, c.websiteId, c.visitorId)
        : [c.visitorId];
    const clicks = await this.repo.touchpoints(trx, c.websiteId, visitors, c.ts - longest * DAY_MS, c.ts);
    const fallback =
      c.campaignId && clicks.length === 0 ? { campaignId: c.campaignId, channel: 'paid' } : undefined;
    return [...snapshots].flatMap(([version, snapshot]) =>
      this.repo.creditRows(c, version, attribute(c, clicks, snapshot, fallback)),
    );
  }

  private async queuePostback(trx: Transaction<DB>, c: PendingConversion, template: string) {
    const facts = await this.repo.postbackFacts(trx, c);
    const url = expandPostbackUrl(template, {
      ocxid: facts.ocxid,
      clickId: facts.clickId,
      gclid: facts.clickIdType === 'gclid' ? facts.clickId : null,
      goal: c.goalName,
      value: c.value,
      currency: c.currency,
      conversionId: c.id,
    });
    await this.postbacks.enqueue(trx, {
      id: timeOrderedId(),
      websiteId: c.websiteId,
      conversionId: c.id,
      url,
      now: Date.now(),
    });
  }

  /** Read through `db` — inside a transaction, its own (SQLite has one connection). */
  private async siteFacts(
    websiteId: string,
    db: Kysely<DB> | Transaction<DB> = this.repo.db,
  ): Promise<SiteFacts | null> {
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
