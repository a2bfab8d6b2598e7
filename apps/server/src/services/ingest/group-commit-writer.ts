import type { CommitResult, EventStore, IngestEvent } from '@ocx/core';

interface Pending {
  events: IngestEvent[];
  resolve(result: CommitResult): void;
  reject(error: unknown): void;
}

interface GroupCommitOptions {
  /** At most this many events per transaction. */
  maxBatch: number;
  /**
   * Commits handed to the store before the first answers. The SQLite store's writer thread works
   * through them in order (coalescing what queued up), so the HTTP thread never waits idle.
   */
  maxInFlight: number;
  /**
   * This many waiting events start a commit at once instead of at the end of the event loop's
   * turn, so a burst of requests is parsed while its first part is being written.
   */
  flushAt?: number;
}

/**
 * Many collect requests share one transaction: each waits until the batch holding its events is
 * committed, so a 2xx always means stored (docs/decisions.md#nothing-acknowledged-is-lost). A batch starts once the requests being
 * handled in this turn of the event loop have submitted (setImmediate).
 */
export class GroupCommitWriter {
  private queue: Pending[] = [];
  private queuedEvents = 0;
  private scheduled: NodeJS.Immediate | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: EventStore,
    private readonly onCommit: (result: CommitResult) => void = () => {},
    private readonly options: GroupCommitOptions = { maxBatch: 2000, maxInFlight: 16, flushAt: 24 },
  ) {}

  submit(events: IngestEvent[]): Promise<CommitResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      this.queuedEvents += events.length;
      const full = this.queuedEvents >= (this.options.flushAt ?? Number.POSITIVE_INFINITY);
      if (full && this.inFlight.size < this.options.maxInFlight) this.kick();
      else this.scheduled ??= setImmediate(() => this.kick());
    });
  }

  /** Commits whatever waits; resolves when nothing is left. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight.size > 0) {
      this.kick();
      await Promise.race(this.inFlight);
    }
  }

  private kick(): void {
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = null;
    }
    while (this.queue.length > 0 && this.inFlight.size < this.options.maxInFlight) {
      const flush: Promise<void> = this.flush(this.take()).finally(() => {
        this.inFlight.delete(flush);
        if (this.queue.length > 0) this.kick();
      });
      this.inFlight.add(flush);
    }
  }

  private take(): Pending[] {
    const batch: Pending[] = [];
    let size = 0;
    while (this.queue.length > 0) {
      const next = this.queue[0];
      if (!next || (batch.length > 0 && size + next.events.length > this.options.maxBatch)) break;
      this.queue.shift();
      batch.push(next);
      size += next.events.length;
      this.queuedEvents -= next.events.length;
    }
    return batch;
  }

  private async flush(batch: Pending[]): Promise<void> {
    try {
      const result = await this.store.commit(batch.flatMap((p) => p.events));
      this.onCommit(result);
      for (const p of batch) p.resolve(result);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      // One request's events must not fail the others that shared its transaction: each is
      // committed on its own (nothing of the failed one was stored; retried events are deduplicated).
      else for (const p of batch) await this.flush([p]);
    }
  }
}
