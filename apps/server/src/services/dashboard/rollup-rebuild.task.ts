import { DAY_MS, localDate, localDateEnd, localDayStart, localDayStarts } from '@ocx/core';
import type { RollupRebuildRepository } from '../../storage/dashboard/rollup-rebuild.repository';
import type { BackgroundTask } from '../platform/background-jobs';

/** Local days recounted per transaction. */
const DAYS_PER_STEP = 31;
/** Events may carry a time up to 5 minutes ahead (docs/decisions.md#tracking): the last stretch reaches past it. */
const AHEAD_MS = 10 * 60_000;

/**
 * After a website's zone changed: re-keys its day rollups by the new local days, a month per pass,
 * from its first event to now (docs/definitions.md#time-zone). Resumable: the cursor is on the website row.
 */
export function rollupRebuildTask(
  rebuilds: RollupRebuildRepository,
  clock: () => number = Date.now,
): BackgroundTask {
  return {
    name: 'rebuild rollups for a new time zone',
    async run() {
      const site = await rebuilds.next();
      if (!site) return 0;
      const now = clock();
      const zone = site.timezone;
      const resumed = site.rebuiltUntil > 0;
      const first = resumed ? site.rebuiltUntil : await rebuilds.firstEventAt(site.id);
      const start = localDayStart(zone, first ?? now);
      const starts = localDayStarts(zone, start, start + (DAYS_PER_STEP - 1) * DAY_MS);
      const end = localDateEnd(zone, localDate(zone, starts.at(-1) as number)) as number;
      await rebuilds.rebuild(site, starts, end, resumed ? start : 0, end > now + AHEAD_MS);
      return 1;
    },
  };
}

/** How far a rebuild is, 0..1, from the website's first event to now; null when none runs. */
export function rebuildProgress(
  rebuiltUntil: number | null,
  firstEventAt: number | null,
  now: number,
): number | null {
  if (rebuiltUntil === null) return null;
  if (rebuiltUntil === 0 || firstEventAt === null || now <= firstEventAt) return 0;
  return Math.min(1, Math.max(0, (rebuiltUntil - firstEventAt) / (now - firstEventAt)));
}
