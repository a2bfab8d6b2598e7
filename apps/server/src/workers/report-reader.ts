import type { Worker } from 'node:worker_threads';
import type { ReportReaderData } from '../storage/events/report-reader-messages';
import { startWorker } from '../worker-thread';

/** Starts the SQLite report reader thread (report-reader.worker.ts; the built report-reader.worker.js). */
export const startReportReader = (data: ReportReaderData): Worker =>
  startWorker('report-reader.worker', new URL('./report-reader.worker.ts', import.meta.url), data);
