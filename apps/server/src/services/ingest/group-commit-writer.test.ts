import type { CommitResult, EventStore, IngestEvent } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { GroupCommitWriter } from './group-commit-writer';

class RecordingStore implements EventStore {
  batches: IngestEvent[][] = [];
  down = false;
  /** An event id the store refuses (as PostgreSQL refuses a NUL byte): its whole transaction fails. */
  poison = '';
  async commit(events: IngestEvent[]): Promise<CommitResult> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (this.down) throw new Error('connection refused');
    if (events.some((e) => e.eventId === this.poison)) throw new Error('invalid byte sequence');
    this.batches.push(events);
    return { inserted: events.length, duplicates: 0, clicks: 0, conversions: 0 };
  }
  recentEvents = async () => [];
  campaignTotals = async () => [];
  deleteWebsite = async () => {};
  settle = async () => {};
  pending = () => 0;
  close = async () => {};
}

describe('group commit', () => {
  it('commits many concurrent requests in few transactions, and answers each only after its commit', async () => {
    const store = new RecordingStore();
    const writer = new GroupCommitWriter(store, () => {}, { maxBatch: 50, maxInFlight: 1 });
    const answered: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        writer.submit([ingestEvent()]).then(() => {
          answered.push(i);
          expect(store.batches.flat().length).toBeGreaterThan(0);
        }),
      ),
    );
    expect(answered).toHaveLength(100);
    expect(store.batches.flat()).toHaveLength(100);
    expect(store.batches.length).toBeLessThanOrEqual(4);
    expect(Math.max(...store.batches.map((b) => b.length))).toBeLessThanOrEqual(50);
  });

  it('starts a commit as soon as flushAt events wait, before the turn of the event loop ends', async () => {
    const store = new RecordingStore();
    const sizes: number[] = [];
    const writer = new GroupCommitWriter(store, (r) => sizes.push(r.inserted), {
      maxBatch: 100,
      maxInFlight: 4,
      flushAt: 3,
    });
    const answers = Array.from({ length: 7 }, () => writer.submit([ingestEvent()]));
    await Promise.all(answers);
    // Two commits started within the turn (3 + 3), the last event at its end.
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('commits the requests of a failed batch one by one: a poisoned request fails alone', async () => {
    const store = new RecordingStore();
    store.poison = 'poison0001';
    const writer = new GroupCommitWriter(store, () => {}, { maxBatch: 10, maxInFlight: 1 });
    const answers = await Promise.allSettled([
      writer.submit([ingestEvent()]),
      writer.submit([ingestEvent({ eventId: 'poison0001' })]),
      writer.submit([ingestEvent(), ingestEvent()]),
    ]);
    expect(answers.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(store.batches.flat().map((e) => e.eventId)).not.toContain('poison0001');
    expect(store.batches.flat()).toHaveLength(3);
  });

  it('fails every request while the store is down, and keeps working afterwards', async () => {
    const store = new RecordingStore();
    const writer = new GroupCommitWriter(store, () => {}, { maxBatch: 10, maxInFlight: 1 });
    store.down = true;
    const failed = await Promise.allSettled([writer.submit([ingestEvent()]), writer.submit([ingestEvent()])]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    store.down = false;
    await expect(writer.submit([ingestEvent()])).resolves.toMatchObject({ inserted: 1 });
  });

  it('commits what waits when drained, and reports each commit once', async () => {
    const store = new RecordingStore();
    const commits: number[] = [];
    const writer = new GroupCommitWriter(store, (r) => commits.push(r.inserted));
    const pending = [writer.submit([ingestEvent(), ingestEvent()]), writer.submit([ingestEvent()])];
    await writer.drain();
    await expect(Promise.all(pending)).resolves.toHaveLength(2);
    expect(store.batches).toHaveLength(1);
    expect(commits).toEqual([3]);
  });
});
