import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';

/** How long a statement waits in all for another connection's write lock before it fails. */
const BUSY_WAIT_MS = 5000;

const isBusy = (error: unknown) =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_BUSY');

/**
 * A connection whose statements wait for a busy file without blocking the thread. SQLite's own
 * busy handler sleeps inside the call: on the HTTP thread that froze every request for as long as
 * the event writer thread held the write lock (a derivation pass: ~20 ms). With busy_timeout 0 a
 * statement fails at once with SQLITE_BUSY, having changed nothing, so it is tried again after an
 * asynchronous pause. Writes happen at `begin immediate` or in single statements; inside a
 * transaction that holds the lock nothing is busy any more, so no half-done transaction is retried.
 */
export function waitingWhenBusy(
  connection: DatabaseConnection,
  maxWaitMs = BUSY_WAIT_MS,
): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const started = Date.now();
      for (let pause = 1; ; pause = Math.min(pause * 2, 20)) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          if (!isBusy(error) || Date.now() - started >= maxWaitMs) throw error;
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }
    },
    streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
  };
}
