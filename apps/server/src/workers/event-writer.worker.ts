import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { CommitResult, IngestEvent } from '@ocx/core';
import { openDatabase, SQLITE_CACHE_MB } from '../db/database';
import { CreditingJob } from '../services/attribution/crediting.job';
import { SqliteAttributionRepository } from '../storage/attribution/attribution.repository.sqlite';
import { unpackEvents } from '../storage/events/event-batch-codec';
import { SqliteEventStore } from '../storage/events/event-store.sqlite';
import type {
  EventWriterAnswer,
  EventWriterData,
  EventWriterNotice,
  EventWriterRequest,
  WriterJob,
} from '../storage/events/event-writer-messages';
import { PostbackRepository } from '../storage/postbacks/postback.repository';
import { answer, answerBatcher, onRequests } from '../worker-thread';

/**
 * The SQLite event writer: commits collect batches, derives what they make and checkpoints the WAL
 * (automatically, every WAL_PAGES_PER_CHECKPOINT pages) on its own connection, so the HTTP thread
 * never waits on a disk sync or a derivation pass (see SqliteThreadEventStore).
 */
const data = workerData as EventWriterData;
if (!parentPort) throw new Error('event-writer.worker must run in a worker thread');
const port: MessagePort = parentPort;
const notify = (notice: EventWriterNotice) => port.postMessage(notice);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const database = openDatabase(
  { dialect: 'sqlite', file: data.file },
  { sqliteCacheMb: SQLITE_CACHE_MB.writer },
);
if (!database.sqlite) throw new Error('the event writer needs a SQLite file');
// Its commits are synchronous transactions: waiting inside SQLite for the HTTP or auth thread's
// short writes is right on this thread (Kysely's async wait would need the event loop).
database.sqlite.pragma('busy_timeout = 5000');
// SQLite's default is 1,000: a page that derivation keeps rewriting (a visit's, a rollup's) is
// copied to the database file a quarter as often.
const WAL_PAGES_PER_CHECKPOINT = 4000;
database.sqlite.pragma(`wal_autocheckpoint = ${WAL_PAGES_PER_CHECKPOINT}`);
const store = new SqliteEventStore(database.db, database.sqlite, {
  deferAt: data.deferAt,
  onDerived: (derived) => notify({ derived, pending: store.pending() }),
  onDeriveError: (error) => notify({ deriveError: messageOf(error) }),
});

/**
 * Conversions are credited here too, on this thread's connection: with the crediting job on the HTTP
 * thread, its write transactions and the commits waited on each other's lock, and crediting took
 * the time of the HTTP thread, the busy one under load.
 */
const crediting = new CreditingJob(
  new SqliteAttributionRepository(database.db, database.sqlite),
  new PostbackRepository(database.db, 'sqlite'),
);
const jobs: Record<WriterJob, () => Promise<number>> = {
  creditNew: () => crediting.creditNew(),
  recomputeStep: () => crediting.recomputeStep(),
};

/** Answers leave a turn's worth at a time (MessageBatcher); a drained batch's commits go as one. */
const answers = answerBatcher<EventWriterAnswer>(port);

/**
 * Commits that arrive while one is being written (or a derivation pass runs) share the next
 * transaction: the busier the writer, the larger its commits and the fewer its disk syncs.
 */
const waiting: { id: number; events: IngestEvent[] }[] = [];
let draining = false;

async function drain(): Promise<void> {
  while (waiting.length > 0) {
    const taken = waiting.splice(0, waiting.length);
    try {
      const results = await store.commitBatches(taken.map((t) => t.events));
      const pending = store.pending();
      for (const [i, t] of taken.entries())
        answers.push({ id: t.id, answer: { result: results[i] as CommitResult, pending } });
    } catch (error) {
      for (const t of taken) answers.push({ id: t.id, error: messageOf(error) });
    }
    // Now, not at the turn's end: a derivation pass may start before then and hold them 100 ms.
    answers.flush();
  }
  draining = false;
}

async function handle(request: Exclude<EventWriterRequest, { op: 'commit' }>): Promise<EventWriterAnswer> {
  switch (request.op) {
    case 'settle':
      await store.settle();
      return null;
    case 'deleteWebsite':
      await store.deleteWebsite(request.websiteId);
      return null;
    case 'job':
      return jobs[request.job]();
    case 'close':
      await store.close();
      await database.destroy();
      return null;
  }
}

onRequests<EventWriterRequest>(port, ({ id, request }) => {
  if (request.op !== 'commit') return void answer(answers, id, () => handle(request));
  waiting.push({ id, events: unpackEvents(request.events) });
  if (draining) return;
  draining = true;
  setImmediate(drain);
});
