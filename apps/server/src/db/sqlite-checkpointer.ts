import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';

/** Runs on its own thread with its own connection; plain CommonJS so it needs no build step. */
const CHECKPOINTER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const run = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (result && result.busy) parentPort.postMessage({ busy: true });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  run();
  db.close();
  parentPort.close();
});
`;

/**
 * SQLite checkpoints the WAL into the database file inside whichever commit crosses the threshold,
 * with an fsync: on the HTTP thread that stalled every request behind it. The HTTP connection turns
 * automatic checkpoints off and this thread checkpoints every `intervalMs` instead (PASSIVE: it
 * never blocks readers or writers). The event writer thread keeps automatic checkpoints on its own
 * connection: under collect load only a checkpoint between two of its commits completes, which
 * lets the WAL start over instead of growing without bound (and slowing every commit).
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private readonly stopped: Promise<void>;

  constructor(
    connection: SqliteDatabase.Database,
    file: string,
    log: Pick<FastifyBaseLogger, 'warn'>,
    intervalMs = 500,
  ) {
    connection.pragma('wal_autocheckpoint = 0');
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, driver, intervalMs } });
    this.worker.on('message', (message: { error?: string }) => {
      if (message.error) log.warn({ error: message.error }, 'WAL checkpoint failed; retrying');
    });
    this.stopped = new Promise((resolve) => {
      this.worker.once('exit', () => resolve());
      this.worker.once('error', (error) => {
        log.warn({ err: error }, 'WAL checkpointer stopped; SQLite checkpoints on commit again');
        connection.pragma('wal_autocheckpoint = 1000');
        resolve();
      });
    });
    this.worker.unref();
  }

  /** A last checkpoint, then the thread ends. */
  async stop(): Promise<void> {
    this.worker.postMessage('stop');
    await this.stopped;
  }
}
