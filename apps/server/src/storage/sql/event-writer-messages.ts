import type { CommitResult, IngestEvent } from '@ocx/core';
import type { Derived } from './sqlite-batch-writer';

/** What the HTTP thread gives the event writer thread (event-writer.worker.ts). */
export interface EventWriterData {
  file: string;
  deferAt: number;
}

export type EventWriterRequest =
  | { op: 'commit'; events: IngestEvent[] }
  | { op: 'settle' }
  | { op: 'deleteWebsite'; websiteId: string }
  | { op: 'followUpNew' }
  | { op: 'recomputeStep' }
  | { op: 'close' };

/**
 * A commit's answer carries the backlog after it; the follow-up operations answer how much they
 * did; the others answer null.
 */
export type EventWriterAnswer = { result: CommitResult; pending: number } | number | null;

/** Sent unasked: after each derivation pass, or when one failed (it is retried). */
export type EventWriterNotice = { derived: Derived; pending: number } | { deriveError: string };
