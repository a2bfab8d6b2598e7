import { type CommitResult, type DropReason, dropReasons, type IngestNotice, ingestNotices } from '@ocx/core';

export interface IngestCounts {
  accepted: number;
  stored: number;
  duplicates: number;
  dropped: Record<DropReason, number>;
  notices: Record<IngestNotice, number>;
  rateLimited: number;
  commitFailures: number;
}

/** Counters of this process since start, shown by /api/health. */
export class IngestMetrics {
  readonly counts: IngestCounts = {
    accepted: 0,
    stored: 0,
    duplicates: 0,
    dropped: Object.fromEntries(dropReasons.map((r) => [r, 0])) as Record<DropReason, number>,
    notices: Object.fromEntries(ingestNotices.map((n) => [n, 0])) as Record<IngestNotice, number>,
    rateLimited: 0,
    commitFailures: 0,
  };

  /** Once per committed batch (the writer's callback), not per request. */
  committed(result: CommitResult): void {
    this.counts.stored += result.inserted;
    this.counts.duplicates += result.duplicates;
  }

  drop(reason: DropReason): void {
    this.counts.dropped[reason] += 1;
  }

  notice(notice: IngestNotice): void {
    this.counts.notices[notice] += 1;
  }
}
