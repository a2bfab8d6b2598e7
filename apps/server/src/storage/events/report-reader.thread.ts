import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../worker-thread';
import type { ReportReaderData } from './report-reader-messages';

/** Starts the SQLite report reader thread (workers/report-reader.worker.ts; the built report-reader.worker.js). */
export const startReportReader = (data: ReportReaderData): Worker =>
  startWorker(
    'report-reader.worker',
    new URL('../../workers/report-reader.worker.ts', import.meta.url),
    data,
  );
