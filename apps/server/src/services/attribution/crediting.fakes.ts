import { type CreditSettings, defaultAttribution, type TouchCredit, type Touchpoint } from '@ocx/core';
import type {
  AttributionRepository,
  JobRow,
  SiteFacts,
} from '../../storage/attribution/attribution.repository';
import type { PendingConversion } from '../../storage/attribution/pending-conversion';
import type { PostbackRepository } from '../../storage/postbacks/postback.repository';

/** What a fake transaction wrote; a transaction that throws writes nothing. */
type Write =
  | { op: 'credits'; conversionId: string; version: number; rows: TouchCredit[] }
  | { op: 'credited'; conversionId: string; note: string | null }
  | { op: 'failed'; conversionId: string; reason: string }
  | { op: 'postback'; conversionId: string; url: string }
  | { op: 'firstVersion'; websiteId: string };

export const settings = (window: number, crossDevice = false): CreditSettings => ({
  window,
  settings: defaultAttribution().settings,
  crossDevice,
});

/**
 * In-memory crediting storage for the job's decisions (which path, which versions, fallbacks,
 * postbacks, isolation of failures); the repository contract suite proves the SQL.
 */
export class FakeCreditingStore {
  readonly written: Write[] = [];
  readonly pathReads: { visitorId: string; linked: boolean; from: number; to: number }[] = [];
  pending: PendingConversion[] = [];
  sites = new Map<string, SiteFacts>();
  jobs = new Map<string, JobRow>();
  versions = new Map<string, CreditSettings>();
  clicks: (Touchpoint & { visitorId: string })[] = [];
  linkedVisitors = 0;
  campaigns = new Map<string, { utmSource: string | null; utmMedium: string | null; network: string }>();
  /** Conversion ids whose credit rows fail to store. */
  failingInserts = new Set<string>();
  /** Conversion ids another app server credits while this pass works (no longer in their claimed state). */
  creditedElsewhere = new Set<string>();
  private staged: Write[] | null = null;

  private write(w: Write) {
    (this.staged ?? this.written).push(w);
  }

  private async transaction<T>(fn: (trx: never) => Promise<T>): Promise<T> {
    const outer = this.staged;
    this.staged = [];
    try {
      const result = await fn(undefined as never);
      (outer ?? this.written).push(...this.staged);
      return result;
    } finally {
      this.staged = outer;
    }
  }

  repository(): AttributionRepository {
    const repo = {
      db: undefined,
      locksPerWebsite: false,
      snapshot: (fn: (db: never) => Promise<unknown>) => fn(undefined as never),
      transaction: (fn: (trx: never) => Promise<unknown>) => this.transaction(fn),
      lockWebsite: async () => {},
      stillWaiting: async (_db: unknown, c: PendingConversion) => !this.creditedElsewhere.has(c.id),
      websitesWithPending: async () => [...new Set(this.pending.map((c) => c.websiteId))],
      claim: async (_db: unknown, websiteId: string) => this.pending.filter((c) => c.websiteId === websiteId),
      siteFacts: async (_db: unknown, websiteId: string) => this.sites.get(websiteId),
      job: async (_db: unknown, websiteId: string) => this.jobs.get(websiteId),
      settings: async (_db: unknown, websiteId: string, v: number) => this.versions.get(`${websiteId}:${v}`),
      linkedVisitorCount: async () => this.linkedVisitors,
      touchpoints: async (
        _db: unknown,
        _w: string,
        visitorId: string,
        linked: boolean,
        from: number,
        to: number,
      ) => {
        this.pathReads.push({ visitorId, linked, from, to });
        return this.clicks.filter((k) => k.visitorId === visitorId && k.ts >= from && k.ts <= to);
      },
      campaignFacts: async (_db: unknown, id: string) => this.campaigns.get(id),
      postbackFacts: async () => ({ ocxid: 'ocx1', clickId: null, clickIdType: null }),
      ensureFirstVersion: async (_db: unknown, websiteId: string) =>
        this.write({ op: 'firstVersion', websiteId }),
      deleteCredits: async () => {},
      insertCredits: async (_db: unknown, c: PendingConversion, version: number, rows: TouchCredit[]) => {
        if (this.failingInserts.has(c.id)) throw new Error('disk full');
        this.write({ op: 'credits', conversionId: c.id, version, rows });
      },
      markCredited: async (_db: unknown, c: PendingConversion, note: string | null) =>
        this.write({ op: 'credited', conversionId: c.id, note }),
      markFailed: async (_db: unknown, conversionId: string, reason: string) =>
        this.write({ op: 'failed', conversionId, reason }),
    };
    return repo as unknown as AttributionRepository;
  }

  postbacks(): PostbackRepository {
    const enqueue = async (_trx: unknown, p: { conversionId: string; url: string }) =>
      this.write({ op: 'postback', conversionId: p.conversionId, url: p.url });
    return { enqueue } as unknown as PostbackRepository;
  }
}
