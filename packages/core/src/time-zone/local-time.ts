import { DAY_MS as DAY, HOUR_MS as HOUR } from '../durations';
import { zoneOffset } from './zone-offset';
import { type OffsetSegment, offsetSegments } from './zone-segments';

/** No zone is more than 14 hours from UTC. */
const MAX_OFFSET = 14 * HOUR;

const floorTo = (n: number, size: number) => Math.floor(n / size) * size;

/** A local date (YYYY-MM-DD) as the epoch ms of its midnight in UTC: the key of a wall-clock day. */
export function wallDay(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === date ? t : null;
}

/**
 * The first instant of a local day given by its wall key (wallDay): local midnight, or, on a day
 * whose midnight a DST change skips, the first instant after the gap.
 */
export function dayStartOfWall(timeZone: string, wall: number): number {
  const segments = offsetSegments(timeZone, wall - MAX_OFFSET - HOUR, wall + MAX_OFFSET + HOUR);
  let first = Number.POSITIVE_INFINITY;
  for (const [i, s] of segments.entries()) {
    const end = segments[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const midnight = wall - s.offset;
    const before = segments[i - 1];
    if (midnight >= s.start && midnight < end) first = Math.min(first, midnight);
    // A change that jumps the clock over midnight: the day starts when the new offset does.
    else if (before && s.start + before.offset <= wall && s.start + s.offset > wall)
      first = Math.min(first, s.start);
  }
  return first;
}

/** The wall key (wallDay) of the local day holding instant t. */
export const wallDayOf = (timeZone: string, t: number): number => floorTo(t + zoneOffset(timeZone, t), DAY);

/** The local date (YYYY-MM-DD) in the zone at instant t. */
export const localDate = (timeZone: string, t: number): string =>
  new Date(wallDayOf(timeZone, t)).toISOString().slice(0, 10);

/** The first instant of the local day holding t. */
export const localDayStart = (timeZone: string, t: number): number =>
  dayStartOfWall(timeZone, wallDayOf(timeZone, t));

const QUARTER_HOUR = 15 * 60_000;

/**
 * The start of the local day holding an instant, for many instants of one zone (every event of an
 * ingested batch): every zone's offset changes on a quarter hour, so the answer is cached per
 * quarter hour (a bounded cache). UTC needs no zone lookup at all.
 */
export function localDayOf(timeZone: string): (t: number) => number {
  if (timeZone === 'UTC') return (t) => floorTo(t, DAY);
  const cache = new Map<number, number>();
  return (t) => {
    const slot = floorTo(t, QUARTER_HOUR);
    let start = cache.get(slot);
    if (start === undefined) {
      if (cache.size > 10_000) cache.clear();
      start = localDayStart(timeZone, slot);
      cache.set(slot, start);
    }
    return start;
  };
}

/** The first instant of a plain date (YYYY-MM-DD) in the zone; null for a date that is not one. */
export function localDateStart(timeZone: string, date: string): number | null {
  const wall = wallDay(date);
  return wall === null ? null : dayStartOfWall(timeZone, wall);
}

/** The first instant after the plain date (its end, exclusive); null for a date that is not one. */
export function localDateEnd(timeZone: string, date: string): number | null {
  const wall = wallDay(date);
  return wall === null ? null : dayStartOfWall(timeZone, wall + DAY);
}

/** The starts of the local days that hold any instant of [from, to] (the first holds `from`). */
export function localDayStarts(timeZone: string, from: number, to: number): number[] {
  const out: number[] = [];
  const firstWall = floorTo(from + zoneOffset(timeZone, from), DAY);
  const lastWall = floorTo(to + zoneOffset(timeZone, to), DAY);
  for (let wall = firstWall; wall <= lastWall; wall += DAY) out.push(dayStartOfWall(timeZone, wall));
  return out;
}

/**
 * The start of the local hour holding t within its offset segment: the wall hour's start, or the
 * segment's start when a DST change began the segment inside that wall hour (Lord Howe's 30-minute
 * changes), so a fall-back day has 25 hourly buckets and a spring-forward day 23.
 */
export function hourStartIn(segment: OffsetSegment, first: boolean, t: number): number {
  const start = floorTo(t + segment.offset, HOUR) - segment.offset;
  return first ? start : Math.max(start, segment.start);
}

/**
 * The instant a wall-clock hour (epoch ms of the wall time read as UTC) of segment `index` starts:
 * how SQL's hourly wall buckets (grouped per segment) become the series' instants.
 */
export function hourStartOfWall(segments: readonly OffsetSegment[], index: number, wall: number): number {
  const segment = segments[index] as OffsetSegment;
  const start = wall - segment.offset;
  return index === 0 ? start : Math.max(start, segment.start);
}

/** The starts of the local hours that hold any instant of [from, to] (the first holds `from`). */
export function localHourStarts(timeZone: string, from: number, to: number): number[] {
  const segments = offsetSegments(timeZone, from - HOUR, to + 1);
  const starts: number[] = [];
  for (const [i, s] of segments.entries()) {
    const end = segments[i + 1]?.start ?? to + 1;
    for (let t = hourStartIn(s, i === 0, s.start); t < end; t = floorTo(t + s.offset, HOUR) - s.offset + HOUR)
      if (t >= s.start || i === 0) starts.push(t);
  }
  const first = starts.findLastIndex((t) => t <= from);
  return starts.slice(Math.max(first, 0));
}

/** ISO 8601 with the zone's offset at t: 2026-03-08T01:30:00.000-08:00 (Z for UTC). */
export function isoInZone(timeZone: string, t: number): string {
  const offset = zoneOffset(timeZone, t);
  const wall = new Date(t + offset).toISOString().slice(0, 23);
  if (offset === 0) return `${wall}Z`;
  const minutes = Math.abs(offset) / 60_000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}
