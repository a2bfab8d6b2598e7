import { DAY_MS } from '@ocx/core';

/** The attribution report's preset ranges: rolling windows ending now; 'all' starts at the epoch. */
const RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90, all: null } as const;
export type RangePreset = keyof typeof RANGE_DAYS;

/** ISO bounds of a preset ending at `now`; 'All time' starts at the epoch. */
export function rangeFor(preset: RangePreset, now: number): { startDate: string; endDate: string } {
  const days = RANGE_DAYS[preset];
  return {
    startDate: new Date(days === null ? 0 : now - days * DAY_MS).toISOString(),
    endDate: new Date(now).toISOString(),
  };
}

export function isRangePreset(value: string): value is RangePreset {
  return Object.hasOwn(RANGE_DAYS, value);
}
