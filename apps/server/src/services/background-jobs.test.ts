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
});
