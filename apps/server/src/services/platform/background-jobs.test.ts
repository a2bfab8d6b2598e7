import { describe, expect, it } from 'vitest';
import { BackgroundJobs } from './background-jobs';

describe('BackgroundJobs', () => {
  it('reports a failing task with its name and keeps running the others', async () => {
    const errors: string[] = [];
    let runs = 0;
    const jobs = new BackgroundJobs(
      [
        { name: 'broken', run: () => Promise.reject(new Error('boom')) },
        { name: 'fine', run: async () => (runs++ === 0 ? 1 : 0) },
      ],
      { error: ({ err, task }, message) => errors.push(`${task}: ${(err as Error).message} (${message})`) },
    );
    await jobs.settle();
    expect(runs).toBe(2);
    expect(errors[0]).toBe('broken: boom (background task failed; it runs again next pass)');
  });

  it("never runs a scheduled pass beside settle()'s", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let running = 0;
    let most = 0;
    let calls = 0;
    const jobs = new BackgroundJobs(
      [
        {
          name: 'copy',
          run: async () => {
            running += 1;
            most = Math.max(most, running);
            calls += 1;
            if (calls === 1) {
              started();
              await gate;
            }
            running -= 1;
            return 0;
          },
        },
      ],
      { error: () => {} },
    );
    // settle()'s pass starts first; the scheduled pass comes due while it waits at the gate.
    jobs.start();
    const settled = jobs.settle();
    await firstStarted;
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await settled;
    await jobs.stop();
    expect(calls).toBe(2);
    expect(most).toBe(1);
  });
});
