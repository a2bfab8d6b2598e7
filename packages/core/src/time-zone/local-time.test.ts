import { describe, expect, it } from 'vitest';
import {
  isoInZone,
  localDate,
  localDateEnd,
  localDateStart,
  localDayStart,
  localDayStarts,
  localHourStarts,
} from './local-time';
import { canonicalTimeZone, isTimeZone, zoneOffset } from './zone-offset';
import { offsetSegments } from './zone-segments';

const at = (iso: string) => Date.parse(iso);
const iso = (ts: number[]) => ts.map((t) => new Date(t).toISOString());
const HOUR = 3_600_000;

/** Each local day: its first instant, its length in hours and how many hourly buckets it has. */
const days: [zone: string, date: string, start: string, hours: number, buckets: number][] = [
  ['UTC', '2026-03-08', '2026-03-08T00:00:00.000Z', 24, 24],
  ['America/Los_Angeles', '2026-03-07', '2026-03-07T08:00:00.000Z', 24, 24],
  ['America/Los_Angeles', '2026-03-08', '2026-03-08T08:00:00.000Z', 23, 23], // spring forward
  ['America/Los_Angeles', '2026-11-01', '2026-11-01T07:00:00.000Z', 25, 25], // fall back
  ['Asia/Kolkata', '2026-03-08', '2026-03-07T18:30:00.000Z', 24, 24],
  ['Asia/Kathmandu', '2026-03-08', '2026-03-07T18:15:00.000Z', 24, 24],
  ['Australia/Lord_Howe', '2026-04-05', '2026-04-04T13:00:00.000Z', 24.5, 25], // 30-minute fall back
  ['Australia/Lord_Howe', '2026-10-04', '2026-10-03T13:30:00.000Z', 23.5, 24], // 30-minute spring forward
];

describe('local days and hours', () => {
  it.each(days)(
    '%s %s starts at %s, lasts %d hours in %d hourly buckets',
    (zone, date, start, hours, buckets) => {
      const first = localDateStart(zone, date) as number;
      const end = localDateEnd(zone, date) as number;
      expect(new Date(first).toISOString()).toBe(start);
      expect((end - first) / HOUR).toBe(hours);
      expect(localHourStarts(zone, first, end - 1)).toHaveLength(buckets);
      expect(localDayStarts(zone, first, end - 1)).toEqual([first]);
      expect(localDayStart(zone, end - 1)).toBe(first);
      expect(localDate(zone, first)).toBe(date);
      expect(localDate(zone, end)).not.toBe(date);
    },
  );

  it('buckets the Los Angeles fall-back day into 1:00 PDT and 1:00 PST, and skips 2:00 on the spring-forward day', () => {
    const fall = localHourStarts(
      'America/Los_Angeles',
      at('2026-11-01T07:00:00Z'),
      at('2026-11-01T10:59:59Z'),
    );
    expect(fall.map((t) => isoInZone('America/Los_Angeles', t))).toEqual([
      '2026-11-01T00:00:00.000-07:00',
      '2026-11-01T01:00:00.000-07:00',
      '2026-11-01T01:00:00.000-08:00',
      '2026-11-01T02:00:00.000-08:00',
    ]);
    const spring = localHourStarts(
      'America/Los_Angeles',
      at('2026-03-08T08:00:00Z'),
      at('2026-03-08T10:59:59Z'),
    );
    expect(spring.map((t) => isoInZone('America/Los_Angeles', t))).toEqual([
      '2026-03-08T00:00:00.000-08:00',
      '2026-03-08T01:00:00.000-08:00',
      '2026-03-08T03:00:00.000-07:00',
    ]);
  });

  it('starts Lord Howe hours where its 30-minute changes start them', () => {
    const fall = localHourStarts(
      'Australia/Lord_Howe',
      at('2026-04-04T14:00:00Z'),
      at('2026-04-04T15:59:59Z'),
    );
    expect(iso(fall)).toEqual([
      '2026-04-04T14:00:00.000Z', // 01:00 +11:00
      '2026-04-04T15:00:00.000Z', // 01:30 +10:30, the half hour that repeats
      '2026-04-04T15:30:00.000Z', // 02:00 +10:30
    ]);
    const spring = localHourStarts(
      'Australia/Lord_Howe',
      at('2026-10-03T14:30:00Z'),
      at('2026-10-03T16:59:59Z'),
    );
    expect(iso(spring)).toEqual([
      '2026-10-03T14:30:00.000Z', // 01:00 +10:30
      '2026-10-03T15:30:00.000Z', // 02:30 +11:00, a half-hour bucket
      '2026-10-03T16:00:00.000Z', // 03:00 +11:00
    ]);
  });

  it('puts the Kathmandu and Kolkata hours at :15 and :30 past the UTC hour', () => {
    expect(
      iso(localHourStarts('Asia/Kathmandu', at('2026-03-08T10:20:00Z'), at('2026-03-08T11:20:00Z'))),
    ).toEqual(['2026-03-08T10:15:00.000Z', '2026-03-08T11:15:00.000Z']);
    expect(
      iso(localHourStarts('Asia/Kolkata', at('2026-03-08T10:20:00Z'), at('2026-03-08T10:40:00Z'))),
    ).toEqual(['2026-03-08T09:30:00.000Z', '2026-03-08T10:30:00.000Z']);
  });

  it('lists the local days of a range across a DST change', () => {
    const starts = localDayStarts(
      'America/Los_Angeles',
      at('2026-03-07T20:00:00Z'),
      at('2026-03-09T12:00:00Z'),
    );
    expect(iso(starts)).toEqual([
      '2026-03-07T08:00:00.000Z',
      '2026-03-08T08:00:00.000Z',
      '2026-03-09T07:00:00.000Z',
    ]);
  });

  it('finds the offsets of a range and where they change', () => {
    expect(
      offsetSegments('America/Los_Angeles', at('2026-03-01T00:00:00Z'), at('2026-12-01T00:00:00Z')),
    ).toEqual([
      { start: at('2026-03-01T00:00:00Z'), offset: -8 * HOUR },
      { start: at('2026-03-08T10:00:00Z'), offset: -7 * HOUR },
      { start: at('2026-11-01T09:00:00Z'), offset: -8 * HOUR },
    ]);
    expect(offsetSegments('Asia/Kathmandu', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([
      { start: at('2026-01-01T00:00:00Z'), offset: 5.75 * HOUR },
    ]);
    expect(zoneOffset('UTC', at('2026-07-01T00:00:00Z'))).toBe(0);
  });

  it('writes ISO times with the local offset', () => {
    expect(isoInZone('Asia/Kathmandu', at('2026-03-07T18:15:00Z'))).toBe('2026-03-08T00:00:00.000+05:45');
    expect(isoInZone('America/Los_Angeles', at('2026-03-08T09:30:00.250Z'))).toBe(
      '2026-03-08T01:30:00.250-08:00',
    );
    expect(isoInZone('UTC', at('2026-03-08T09:30:00Z'))).toBe('2026-03-08T09:30:00.000Z');
  });

  it('refuses dates that are not dates', () => {
    expect(localDateStart('UTC', '2026-02-30')).toBeNull();
    expect(localDateStart('UTC', '2026-2-3')).toBeNull();
    expect(localDateEnd('UTC', 'today')).toBeNull();
  });
});

describe('time-zone names', () => {
  it('knows IANA names, spelled as the database spells them, and nothing else', () => {
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('Asia/Kathmandu')).toBe('Asia/Kathmandu');
    expect(canonicalTimeZone(' europe/berlin ')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+05:30')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(isTimeZone('Europe/Berlin')).toBe(true);
  });
});
