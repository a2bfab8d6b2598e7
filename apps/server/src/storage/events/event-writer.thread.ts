import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../worker-thread';
import type { EventWriterData } from './event-writer-messages';

/** Starts the SQLite event writer thread (workers/event-writer.worker.ts; the built event-writer.worker.js). */
export const startEventWriter = (data: EventWriterData): Worker =>
  startWorker('event-writer.worker', new URL('../../workers/event-writer.worker.ts', import.meta.url), data);
