import type { IngestEvent } from './ingest/ingest-types';

/** An event as stored, for the Event Test screen and the logs. */
export interface StoredEvent {
  id: number;
  websiteId: string;
  eventId: string;
  type: string;
  name: string | null;
  ts: number;
  url: string;
  path: string;
  title: string | null;
  referrerDomain: string | null;
  channel: string;
  campaignId: string | null;
  clickIdType: string | null;
  country: string | null;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  value: number | null;
  currency: string | null;
  visitorId: string;
  sessionId: string;
}

/**
 * An event of the Event Test's list: a stored one, or a test event (`test`), which is kept apart
 * from the events and counts in no report.
 */
export interface RecentEvent extends StoredEvent {
  test: boolean;
}

export interface CommitResult {
  /** Newly stored events. */
  inserted: number;
  /** Events already stored under the same website and eventId (retries), skipped. */
  duplicates: number;
  clicks: number;
  conversions: number;
}

/** A campaign's clicks (session entrances through its links); its credit comes from the reports. */
export interface CampaignTotals {
  campaignId: string;
  clicks: number;
}

/**
 * Where events and what follows from them live. Every backend (SQLite, PostgreSQL, ClickHouse)
 * passes the same contract suite.
 */
export interface EventStore {
  /**
   * Stores a batch in one transaction: the events, and from planWrite the sessions, clicks,
   * conversions and identities they make — or, when the store defers them, a durable note to
   * derive those soon (see settle). Idempotent per (website, eventId).
   */
  commit(events: IngestEvent[]): Promise<CommitResult>;
  recentEvents(websiteId: string, limit: number): Promise<StoredEvent[]>;
  campaignTotals(websiteId: string): Promise<CampaignTotals[]>;
  /** Removes everything stored for a website (when the website is deleted). */
  deleteWebsite(websiteId: string): Promise<void>;
  /**
   * Resolves once everything committed is also derived (sessions, clicks, conversions, rollups):
   * a store may derive after the commit, in batches, when collect is busy.
   */
  settle(): Promise<void>;
  /** Events committed and not derived yet (0 for a store that derives in the commit). */
  pending(): number;
  /** Derives what is pending and releases what the store holds of its own; the database stays open. */
  close(): Promise<void>;
}
