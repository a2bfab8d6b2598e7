import type { VisitState } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

interface VisitRecord {
  session_id: string;
  visitor_id: string;
  click_row_id: string;
  campaign_id: string | null;
  source_key: string | null;
  started_at: number;
  last_seen: number;
}

export interface VisitCacheOptions {
  /** Visits kept at most; the least recently used leave first (~300 bytes each). */
  max?: number;
  /** A visit unused this long leaves: the tracker starts a new session after 30 minutes idle. */
  idleMs?: number;
}

/** Sessions the writer has seen lately, and how often a lookup found them here. */
export interface VisitCacheStats {
  hits: number;
  misses: number;
  size: number;
}

const SEP = '\u0000';

/**
 * The active visits of the SQLite writer, so a derivation pass reads the visit table only for a
 * session it has not seen lately (a new one, or after a restart) instead of once per session per
 * pass. It mirrors the table: the writer remembers what it writes there, after its transaction
 * committed. Rows changed elsewhere (a visitor's erasure, a website's deletion) make it forget all.
 */
export class SqliteVisitCache {
  private readonly visits: LRUCache<string, VisitState>;
  private readonly selectVisit: SqliteDatabase.Statement;
  private readonly counts = { hits: 0, misses: 0 };

  constructor(sqlite: SqliteDatabase.Database, options: VisitCacheOptions = {}) {
    this.visits = new LRUCache({
      max: options.max ?? 50_000,
      ttl: options.idleMs ?? 30 * 60_000,
      updateAgeOnGet: true,
    });
    this.selectVisit = sqlite.prepare('select * from visit where website_id = ? and session_id = ?');
  }

  /** The stored visits of these sessions (a session without one is left out). */
  lookup(websiteId: string, sessionIds: Iterable<string>): Map<string, VisitState> {
    const found = new Map<string, VisitState>();
    for (const sessionId of sessionIds) {
      const key = websiteId + SEP + sessionId;
      let visit = this.visits.get(key);
      if (visit) this.counts.hits += 1;
      else {
        this.counts.misses += 1;
        const row = this.selectVisit.get(websiteId, sessionId) as VisitRecord | undefined;
        visit = row ? toVisitState(row) : undefined;
        if (visit) this.visits.set(key, visit);
      }
      if (visit) found.set(sessionId, visit);
    }
    return found;
  }

  /** Visits just written to the table. */
  remember(websiteId: string, visits: readonly VisitState[]): void {
    for (const v of visits) this.visits.set(websiteId + SEP + v.sessionId, v);
  }

  /** After a rolled-back pass or a change made elsewhere: the table is read again on demand. */
  forgetAll(): void {
    this.visits.clear();
  }

  stats(): VisitCacheStats {
    return { ...this.counts, size: this.visits.size };
  }
}

function toVisitState(v: VisitRecord): VisitState {
  return {
    sessionId: v.session_id,
    visitorId: v.visitor_id,
    clickRowId: v.click_row_id,
    campaignId: v.campaign_id,
    sourceKey: v.source_key,
    startedAt: v.started_at,
    lastSeen: v.last_seen,
  };
}
