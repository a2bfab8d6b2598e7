import { parentPort, workerData } from 'node:worker_threads';
import type { IngestEvent } from '@ocx/core';
import { openSqliteConnection } from '../../db/database';
import { SqliteBatchWriter } from './sqlite-batch-writer';

interface Job {
  id: number;
  request: IngestEvent[];
}

/**
 * The SQLite writer thread: its own connection to the file, so commits (and their fsync) run beside
 * the HTTP thread instead of blocking it. Batches that arrive within GATHER_MS of the first waiting
 * one (or while a commit runs) share a transaction — a commit costs about as much as 5–10 events, so
 * sharing it is what makes throughput — and each is answered after that commit.
 */
const GATHER_MS = 2;
const ENOUGH_EVENTS = 500;
const connection = openSqliteConnection((workerData as { file: string }).file);
const writer = new SqliteBatchWriter(connection);
let waiting: Job[] = [];
let waitingEvents = 0;
let timer: NodeJS.Timeout | null = null;

function commitWaiting(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  waitingEvents = 0;
  const jobs = waiting;
  waiting = [];
  try {
    const results = writer.commit(jobs.map((j) => j.request));
    jobs.forEach((job, i) => {
      parentPort?.postMessage({ id: job.id, answer: results[i] });
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const job of jobs) parentPort?.postMessage({ id: job.id, error: message });
  }
}

parentPort?.on('message', (job: Job) => {
  waiting.push(job);
  waitingEvents += job.request.length;
  if (waitingEvents >= ENOUGH_EVENTS) commitWaiting();
  else timer ??= setTimeout(commitWaiting, GATHER_MS);
});
