import { DAY_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import type {
  PendingRebuild,
  RollupRebuildRepository,
} from '../../storage/dashboard/rollup-rebuild.repository';
import { mockOf } from '../../test/service-mocks';
import { rebuildProgress, rollupRebuildTask } from './rollup-rebuild.task';

const FIRST_EVENT = Date.UTC(2026, 0, 10, 13);

function build(site: PendingRebuild | null, now: number, firstEvent: number | null = FIRST_EVENT) {
  const rebuilds = mockOf<RollupRebuildRepository>();
  rebuilds.next.mockResolvedValue(site);
  rebuilds.firstEventAt.mockResolvedValue(firstEvent);
  return { task: rollupRebuildTask(rebuilds, () => now), rebuilds };
}

/** What the pass asked to rebuild: the local days' starts, where the last ends, where to clear from, done. */
const asked = (rebuilds: ReturnType<typeof build>['rebuilds']) => {
  const [, starts, end, clearFrom, done] = rebuilds.rebuild.mock.calls[0] ?? [];
  return { first: starts?.[0], days: starts?.length, end, clearFrom, done };
};

describe('the rollup rebuild task without a database', () => {
  it('rests when no website waits for a rebuild', async () => {
    const { task, rebuilds } = build(null, Date.UTC(2026, 5, 1));
    expect(await task.run()).toBe(0);
    expect(rebuilds.rebuild).not.toHaveBeenCalled();
  });

  it("starts at the local day of the website's first event, a month of days, clearing the old zone's rows from 0", async () => {
    const site = { id: 'w1', timezone: 'Europe/Berlin', rebuiltUntil: 0 };
    const { task, rebuilds } = build(site, Date.UTC(2026, 5, 1));
    expect(await task.run()).toBe(1);
    expect(rebuilds.firstEventAt).toHaveBeenCalledWith('w1');
    expect(rebuilds.rebuild.mock.calls[0]?.[0]).toBe(site);
    expect(asked(rebuilds)).toEqual({
      first: Date.UTC(2026, 0, 9, 23),
      days: 31,
      end: Date.UTC(2026, 1, 9, 23),
      clearFrom: 0,
      done: false,
    });
  });

  it('resumes from its cursor, clearing only from there', async () => {
    const cursor = Date.UTC(2026, 1, 10);
    const { task, rebuilds } = build(
      { id: 'w1', timezone: 'UTC', rebuiltUntil: cursor },
      Date.UTC(2026, 5, 1),
    );
    await task.run();
    expect(rebuilds.firstEventAt).not.toHaveBeenCalled();
    expect(asked(rebuilds)).toMatchObject({ first: cursor, clearFrom: cursor, end: cursor + 31 * DAY_MS });
  });

  it('finishes with the stretch that reaches past now and the few minutes events may be ahead', async () => {
    const cursor = Date.UTC(2026, 1, 10);
    const reachesNow = build({ id: 'w1', timezone: 'UTC', rebuiltUntil: cursor }, cursor + 30 * DAY_MS);
    await reachesNow.task.run();
    expect(asked(reachesNow.rebuilds).done).toBe(true);
    // Ending 11 minutes after now is past the 10 events may be ahead; ending 9 minutes after is not.
    const end = cursor + 31 * DAY_MS;
    const justPast = build({ id: 'w1', timezone: 'UTC', rebuiltUntil: cursor }, end - 11 * 60_000);
    await justPast.task.run();
    expect(asked(justPast.rebuilds).done).toBe(true);
    const notYet = build({ id: 'w1', timezone: 'UTC', rebuiltUntil: cursor }, end - 9 * 60_000);
    await notYet.task.run();
    expect(asked(notYet.rebuilds).done).toBe(false);
  });

  it('rebuilds a website without events from today, in one pass', async () => {
    const now = Date.UTC(2026, 5, 1, 8);
    const { task, rebuilds } = build({ id: 'w1', timezone: 'UTC', rebuiltUntil: 0 }, now, null);
    await task.run();
    expect(asked(rebuilds)).toMatchObject({ first: Date.UTC(2026, 5, 1), done: true });
  });
});

describe('rebuildProgress', () => {
  const first = Date.UTC(2026, 0, 1);
  const now = first + 10 * DAY_MS;

  it('is null without a rebuild and 0 before its first pass or without events', () => {
    expect(rebuildProgress(null, first, now)).toBeNull();
    expect(rebuildProgress(0, first, now)).toBe(0);
    expect(rebuildProgress(first + DAY_MS, null, now)).toBe(0);
  });

  it('is the share of the time from the first event to now that is done, at most 1', () => {
    expect(rebuildProgress(first + 4 * DAY_MS, first, now)).toBe(0.4);
    expect(rebuildProgress(now + DAY_MS, first, now)).toBe(1);
  });
});
