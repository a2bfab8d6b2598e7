import { MINUTE_MS } from '../durations';
import { zoneOffset } from './zone-offset';

const PROBE_MS = 6 * 3_600_000;

/** A stretch of time over which a zone keeps one offset: from `start` up to the next segment's start. */
export interface OffsetSegment {
  start: number;
  offset: number;
}

/** The first whole minute in (a, b] where the offset is no longer the one at a (offset changes are whole minutes). */
function transitionBetween(timeZone: string, a: number, b: number): number {
  const before = zoneOffset(timeZone, a);
  let lo = Math.floor(a / MINUTE_MS);
  let hi = Math.ceil(b / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffset(timeZone, mid * MINUTE_MS) === before) lo = mid;
    else hi = mid;
  }
  return hi * MINUTE_MS;
}

/**
 * The zone's offsets over [from, to): the first segment starts at `from`, each next one at an
 * offset change (a DST transition). SQL that buckets by local time uses these, so a transition
 * inside a range is exact on every database.
 */
export function offsetSegments(timeZone: string, from: number, to: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ start: from, offset: zoneOffset(timeZone, from) }];
  for (let a = from; a < to; a += PROBE_MS) {
    const b = Math.min(a + PROBE_MS, to);
    const current = segments[segments.length - 1] as OffsetSegment;
    if (zoneOffset(timeZone, b) === current.offset) continue;
    const start = transitionBetween(timeZone, a, b);
    if (start < to) segments.push({ start, offset: zoneOffset(timeZone, start) });
  }
  return segments;
}
