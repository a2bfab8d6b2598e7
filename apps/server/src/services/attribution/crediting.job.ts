import {
  attribute,
  type CreditFallback,
  type CreditSettings,
  campaignChannel,
  DAY_MS,
  DIRECT_FALLBACK,
  expandPostbackUrl,
  fromMinorUnits,
  MAX_LINKED_VISITORS,
  selectTouchpoints,
  type Touchpoint,
} from '@ocx/core';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { timeOrderedId } from '../../db/time-ordered-id';
import type { AttributionRepository } from '../../storage/attribution/attribution.repository';
import { CREDIT_STATE } from '../../storage/attribution/credit-state';
import type { CreditOutcome, PendingConversion } from '../../storage/attribution/pending-conversion';
import type { PostbackRepository } from '../../storage/postbacks/postback.repository';
import type { BackgroundTask } from '../platform/background-jobs';

/** Conversions per website and pass; websites per pass. A busy website cannot starve the others. */
const CHUNK = 500;
const SITES_PER_PASS = 50;

type Db = Kysely<DB> | Transaction<DB>;
type PostbackInsert = Parameters<PostbackRepository['enqueue']>[1];

/** A website's share of a pass, worked out before anything of it is written. */
interface SiteWork {
  websiteId: string;
  /** Settings of a website's first credits (version 1), when it has none yet. */
  firstVersion: CreditSettings | null;
  outcomes: CreditOutcome[];
  postbacks: PostbackInsert[];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Credits every conversion under all eight models (docs/definitions.md#attribution-models) and queues its postback, once, soon
 * after it is stored; credits again a conversion whose path changed; does a website's recompute
 * chunk by chunk (BackgroundJobs runs both). A conversion that cannot be credited is marked with
 * its reason and never holds up the others.
 */
export class CreditingJob {
  constructor(
    private readonly repo: AttributionRepository,
    private readonly postbacks: PostbackRepository,
  ) {}

  /**
   * Credits the conversions waiting since the last pass; returns how many it took. On SQLite one
   * crediting job runs per file (on the event writer thread): the reading and the models run in a read
   * snapshot, outside the write lock, which then lasts only for the inserts. On PostgreSQL each
   * website is credited in a transaction of its own that holds its rows and its collect lock.
   */
  async creditNew(): Promise<number> {
    const sites = await this.repo.websitesWithPending(this.repo.db, SITES_PER_PASS);
    let taken = 0;
    if (this.repo.locksPerWebsite) {
      for (const websiteId of sites) taken += await this.creditSite(websiteId);
      return taken;
    }
    const work = await this.repo.snapshot(async (db) => {
      const all: SiteWork[] = [];
      for (const websiteId of sites) all.push(await this.prepareSite(db, websiteId));
      return all;
    });
    try {
      await this.repo.transaction((trx) => this.write(trx, work));
    } catch {
      // One bad row must not stop the rest: each conversion on its own, a failure marked on it.
      for (const site of work) await this.writeOneByOne(site);
    }
    return work.reduce((n, site) => n + site.outcomes.length, 0);
  }

  /**
   * PostgreSQL: one website in a transaction that holds its rows and its crediting turn, not its
   * collect turn: holding that for a whole chunk stalled the website's ingestion on every server
   * (bench:ingest with two servers: 503s once the pool waited past 5 s). A click or identity
   * committed while the paths are read counts a path change on the conversion, which markCredited
   * compares, as the recompute (which never took the collect turn) relies on too.
   */
  private async creditSite(websiteId: string): Promise<number> {
    try {
      return await this.repo.transaction(async (trx) => {
        await this.repo.lockWebsite(trx, websiteId);
        const work = await this.prepareSite(trx, websiteId);
        await this.write(trx, [work]);
        return work.outcomes.length;
      });
    } catch {
      const work = await this.prepareSite(this.repo.db, websiteId);
      await this.writeOneByOne(work);
      return work.outcomes.length;
    }
  }

  private async prepareSite(db: Db, websiteId: string): Promise<SiteWork> {
    const claimed = await this.repo.claim(db, websiteId, CHUNK);
    const work: SiteWork = { websiteId, firstVersion: null, outcomes: [], postbacks: [] };
    let versions: Map<number, CreditSettings>;
    let postbackUrl: string | null = null;
    try {
      const site = await this.repo.siteFacts(db, websiteId);
      if (!site) throw new Error('the website was deleted');
      postbackUrl = site.postbackUrl;
      // The figures in use and, during a recompute, the ones being made; a website's first
      // conversion also writes version 1, its current settings.
      const job = await this.repo.job(db, websiteId);
      if (!job) work.firstVersion = site.current;
      versions = job
        ? await this.versions(db, websiteId, [job.activeVersion, job.targetVersion])
        : new Map([[1, site.current]]);
    } catch (error) {
      // The website's settings cannot be read: its conversions are marked, other websites go on.
      const issue = `Crediting failed: ${messageOf(error)}`;
      for (const conversion of claimed) work.outcomes.push({ conversion, credits: null, issue });
      return work;
    }
    for (const conversion of claimed) {
      work.outcomes.push(await this.credit(db, conversion, versions));
      if (conversion.state === CREDIT_STATE.new && postbackUrl)
        work.postbacks.push(await this.postback(db, conversion, postbackUrl));
    }
    return work;
  }

  private async write(trx: Transaction<DB>, work: SiteWork[]): Promise<void> {
    for (const site of work) {
      if (site.firstVersion)
        await this.repo.ensureFirstVersion(trx, site.websiteId, site.firstVersion, Date.now());
      for (const outcome of site.outcomes) await this.writeOutcome(trx, outcome);
      for (const postback of site.postbacks) await this.postbacks.enqueue(trx, postback);
    }
  }

  private async writeOneByOne(site: SiteWork): Promise<void> {
    if (site.firstVersion) {
      const first = site.firstVersion;
      await this.repo.transaction((trx) =>
        this.repo.ensureFirstVersion(trx, site.websiteId, first, Date.now()),
      );
    }
    for (const outcome of site.outcomes) {
      const postback = site.postbacks.find((p) => p.conversionId === outcome.conversion.id);
      // Claimed outside a transaction here: under the website's lock, a conversion another app
      // server credited meanwhile is left as it is.
      const claimed = async (trx: Transaction<DB>) => {
        await this.repo.lockWebsite(trx, site.websiteId);
        return this.repo.stillWaiting(trx, outcome.conversion);
      };
      try {
        await this.repo.transaction(async (trx) => {
          if (!(await claimed(trx))) return;
          await this.writeOutcome(trx, outcome);
          if (postback) await this.postbacks.enqueue(trx, postback);
        });
      } catch (error) {
        await this.repo.transaction(async (trx) => {
          if (!(await claimed(trx))) return;
          await this.repo.markFailed(
            trx,
            outcome.conversion.id,
            `Credits could not be stored: ${messageOf(error)}`,
          );
          if (postback) await this.postbacks.enqueue(trx, postback);
        });
      }
    }
  }

  private async writeOutcome(
    trx: Transaction<DB>,
    { conversion, credits, issue }: CreditOutcome,
  ): Promise<void> {
    if (!credits) return this.repo.markFailed(trx, conversion.id, issue ?? 'Crediting failed');
    if (conversion.state === CREDIT_STATE.recredit)
      await this.repo.deleteCredits(
        trx,
        conversion.id,
        credits.map((c) => c.version),
      );
    for (const { version, rows } of credits) await this.repo.insertCredits(trx, conversion, version, rows);
    await this.repo.markCredited(trx, conversion, issue);
  }

  /**
   * One chunk of every running recompute; a recompute with nothing left switches the figures over.
   * A website whose recompute cannot go on (its settings unreadable) does not stop the others'.
   */
  async recomputeStep(): Promise<number> {
    let credited = 0;
    const errors: unknown[] = [];
    for (const { websiteId, targetVersion } of await this.repo.runningJobs(this.repo.db)) {
      try {
        credited += await this.repo
          .transaction(async (trx) => {
            await this.repo.lockWebsite(trx, websiteId);
            const missing = await this.repo.missingVersion(trx, websiteId, targetVersion, CHUNK);
            const versions = await this.targetVersion(trx, websiteId, targetVersion);
            for (const conversion of missing)
              await this.writeOutcome(trx, await this.credit(trx, conversion, versions));
            await this.finishChunk(trx, websiteId, targetVersion, missing.length);
            return missing.length;
          })
          .catch(() => this.recomputeOneByOne(websiteId, targetVersion));
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
    return credited;
  }

  private async targetVersion(db: Db, websiteId: string, version: number) {
    const versions = await this.versions(db, websiteId, [version]);
    if (!versions.has(version))
      throw new Error(`attribution settings version ${version} of ${websiteId} is missing`);
    return versions;
  }

  /** A chunk that failed as a whole, again a conversion at a time: a failure marks only its own. */
  private async recomputeOneByOne(websiteId: string, targetVersion: number): Promise<number> {
    const missing = await this.repo.missingVersion(this.repo.db, websiteId, targetVersion, CHUNK);
    const versions = await this.targetVersion(this.repo.db, websiteId, targetVersion);
    for (const conversion of missing) {
      const outcome = await this.credit(this.repo.db, conversion, versions);
      await this.repo
        .transaction(async (trx) => {
          await this.repo.lockWebsite(trx, websiteId);
          await this.writeOutcome(trx, outcome);
        })
        .catch((error: unknown) =>
          this.repo.transaction((trx) =>
            this.repo.markFailed(trx, conversion.id, `Credits could not be stored: ${messageOf(error)}`),
          ),
        );
    }
    await this.repo.transaction(async (trx) => {
      await this.repo.lockWebsite(trx, websiteId);
      await this.finishChunk(trx, websiteId, targetVersion, missing.length);
    });
    return missing.length;
  }

  private async finishChunk(trx: Transaction<DB>, websiteId: string, targetVersion: number, done: number) {
    await this.repo.progress(trx, websiteId, done, Date.now());
    if (done < CHUNK) await this.repo.activate(trx, websiteId, targetVersion, Date.now());
  }

  /** The settings of each version (the figures in use and, during a recompute, the ones being made). */
  private async versions(
    db: Db,
    websiteId: string,
    versions: number[],
  ): Promise<Map<number, CreditSettings>> {
    const found = new Map<number, CreditSettings>();
    for (const v of new Set(versions)) {
      const settings = await this.repo.settings(db, websiteId, v);
      if (settings) found.set(v, settings);
    }
    return found;
  }

  /** A conversion's credits under every version; a failure is its outcome, not the pass's. */
  private async credit(
    db: Db,
    conversion: PendingConversion,
    versions: Map<number, CreditSettings>,
  ): Promise<CreditOutcome> {
    try {
      const notes = new Set<string>();
      let fallback: CreditFallback | undefined;
      const paths = new Map<boolean, Touchpoint[]>();
      const credits: NonNullable<CreditOutcome['credits']> = [];
      for (const [version, settings] of versions) {
        let clicks = paths.get(settings.crossDevice);
        if (!clicks) {
          const longest = Math.max(
            ...[...versions.values()]
              .filter((s) => s.crossDevice === settings.crossDevice)
              .map((s) => s.window),
          );
          clicks = await this.path(db, conversion, settings.crossDevice, longest, notes);
          paths.set(settings.crossDevice, clicks);
        }
        // Only a path that is empty under this version's window falls back (a campaign lookup).
        if (!fallback && selectTouchpoints(clicks, conversion.ts, settings.window).length === 0)
          fallback = await this.fallback(db, conversion);
        credits.push({ version, rows: attribute(conversion, clicks, settings, fallback) });
      }
      return { conversion, credits, issue: notes.size > 0 ? [...notes].join(' ') : null };
    } catch (error) {
      return { conversion, credits: null, issue: `Crediting failed: ${messageOf(error)}` };
    }
  }

  /** The clicks its path is chosen from, within `windowDays` before it. */
  private async path(
    db: Db,
    c: PendingConversion,
    crossDevice: boolean,
    windowDays: number,
    notes: Set<string>,
  ): Promise<Touchpoint[]> {
    if (!c.visitorId) return [];
    let linked = crossDevice;
    if (linked && (await this.repo.linkedVisitorCount(db, c.websiteId, c.visitorId)) > MAX_LINKED_VISITORS) {
      linked = false;
      notes.add(
        `Cross-device touchpoints left out: this visitor's user id is linked to more than ${MAX_LINKED_VISITORS} visitors.`,
      );
    }
    return this.repo.touchpoints(db, c.websiteId, c.visitorId, linked, c.ts - windowDays * DAY_MS, c.ts);
  }

  /** A conversion that names a campaign (server-to-server, by ocxid) falls back to it, else direct. */
  private async fallback(db: Db, c: PendingConversion): Promise<CreditFallback> {
    if (!c.campaignId) return DIRECT_FALLBACK;
    const campaign = await this.repo.campaignFacts(db, c.campaignId);
    return { campaignId: c.campaignId, channel: campaign ? campaignChannel(campaign) : 'paid' };
  }

  private async postback(db: Db, c: PendingConversion, template: string): Promise<PostbackInsert> {
    const facts = await this.repo.postbackFacts(db, c);
    const url = expandPostbackUrl(template, {
      ocxid: facts.ocxid,
      clickId: facts.clickId,
      gclid: facts.clickIdType === 'gclid' ? facts.clickId : null,
      goal: c.goalName,
      value: c.valueMinor === null ? null : fromMinorUnits(c.valueMinor, c.currency),
      currency: c.currency,
      conversionId: c.id,
    });
    return { id: timeOrderedId(), websiteId: c.websiteId, conversionId: c.id, url, now: Date.now() };
  }
}

/** Where the crediting job runs: in this thread, or on SQLite's event writer thread. */
export type CreditingRunner = Pick<CreditingJob, 'creditNew' | 'recomputeStep'>;

/** The crediting job's background tasks (BackgroundJobs runs them in this order). */
export function creditingTasks(crediting: CreditingRunner): BackgroundTask[] {
  return [
    { name: 'credit new conversions', run: () => crediting.creditNew() },
    { name: 'recompute credits', run: () => crediting.recomputeStep() },
  ];
}
