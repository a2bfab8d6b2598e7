import type { Worker } from 'node:worker_threads';
import type { EventWriterData } from '../storage/events/event-writer-messages';
import { startWorker } from '../worker-thread';

/** Starts the SQLite event writer thread (event-writer.worker.ts; the built event-writer.worker.js). */
export const startEventWriter = (data: EventWriterData): Worker =>
  startWorker('event-writer.worker', new URL('./event-writer.worker.ts', import.meta.url), data);
