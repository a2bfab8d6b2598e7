import type { UpkeepTask } from '../backend';

/** A commit lasts seconds; a record this old names one that ended. */
export const PENDING_COMMIT_AGE_MS = 3_600_000;
/** The sweep runs once an hour: failed commits are rare, and it reads ClickHouse's commit ids. */
const SWEEP_EVERY_MS = 3_600_000;

/**
 * With the events in ClickHouse: once an hour, forgets the pending records of commits that failed
 * before ClickHouse held anything of theirs (ClickHouseEventStore.sweepPending), which would
 * otherwise stay for ever, a row per failed commit (during a ClickHouse outage, one per batch).
 */
export function pendingCommitSweepTask(
  store: { sweepPending(before: number): Promise<number> },
  clock: () => number = Date.now,
): UpkeepTask {
  let next = 0;
  return {
    name: 'sweep pending ClickHouse commits',
    async run() {
      const now = clock();
      if (now < next) return 0;
      next = now + SWEEP_EVERY_MS;
      return store.sweepPending(now - PENDING_COMMIT_AGE_MS);
    },
  };
}
