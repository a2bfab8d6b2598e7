import { describe, expect, it } from 'vitest';
import { PENDING_COMMIT_AGE_MS, pendingCommitSweepTask } from './pending-commit-sweep';

describe('pendingCommitSweepTask', () => {
  it('sweeps the records older than an hour, then rests for an hour', async () => {
    const asked: number[] = [];
    let now = 10 * PENDING_COMMIT_AGE_MS;
    const task = pendingCommitSweepTask(
      {
        sweepPending: async (before) => {
          asked.push(before);
          return 4;
        },
      },
      () => now,
    );
    expect(await task.run()).toBe(4);
    expect(asked).toEqual([9 * PENDING_COMMIT_AGE_MS]);
    now += PENDING_COMMIT_AGE_MS - 1;
    expect(await task.run()).toBe(0);
    expect(asked).toHaveLength(1);
    now += 1;
    await task.run();
    expect(asked).toEqual([9 * PENDING_COMMIT_AGE_MS, 10 * PENDING_COMMIT_AGE_MS]);
  });
});
