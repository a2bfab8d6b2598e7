import type { CommitResult } from '@ocx/core';
import type { PackedEvents } from './event-batch-codec';
import type { Derived } from './sqlite-batch-writer';

/** What the HTTP thread gives the event writer thread (workers/event-writer.worker.ts). */
export interface EventWriterData {
  file: string;
  deferAt: number;
}

/** Background jobs that run on the writer thread's connection (the worker names what each does). */
export type WriterJob = 'creditNew' | 'recomputeStep';

export type EventWriterRequest =
  | { op: 'commit'; events: PackedEvents }
  | { op: 'settle' }
  | { op: 'deleteWebsite'; websiteId: string }
  | { op: 'job'; job: WriterJob }
  | { op: 'close' };

/**
 * A commit's answer carries the backlog after it; a job answers how much it did; the others answer null.
 */
export type EventWriterAnswer = { result: CommitResult; pending: number } | number | null;

/** Sent unasked: after each derivation pass, or when one failed (it is retried). */
export type EventWriterNotice = { derived: Derived; pending: number } | { deriveError: string };
