import type { CommitResult, EventStore, IngestEvent } from '@ocx/core';

interface Pending {
  events: IngestEvent[];
  resolve(result: CommitResult): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions {
  /** Flush as soon as this many events wait. */
  maxBatch: number;
  /** Otherwise flush this long after the first event arrived. */
  maxDelayMs: number;
}

/**
 * Many collect requests share one transaction: each waits until the batch holding its events is
 * committed, so a 2xx always means stored (DESIGN §1.4). One flush at a time; while it runs the
 * next batch gathers.
 */
export class GroupCommitWriter {
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly options: GroupCommitOptions = { maxBatch: 1000, maxDelayMs: 4 },
  ) {}

  submit(events: IngestEvent[]): Promise<CommitResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      this.queued += events.length;
      if (this.queued >= this.options.maxBatch) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.options.maxDelayMs);
    });
  }

  /** Commits whatever waits; resolves when nothing is left. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.flushing) {
      this.kick();
      await this.flushing;
    }
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async flush(): Promise<void> {
    const batch: Pending[] = [];
    let size = 0;
    while (
      this.queue.length > 0 &&
      (batch.length === 0 || size + (this.queue[0]?.events.length ?? 0) <= this.options.maxBatch)
    ) {
      const next = this.queue.shift();
      if (!next) break;
      batch.push(next);
      size += next.events.length;
    }
    this.queued -= size;
    try {
      const result = await this.store.commit(batch.flatMap((p) => p.events));
      for (const p of batch) p.resolve(result);
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}
