import { describe, expect, it } from 'vitest';
import { currentWindow, previousWindow } from './funnel-periods';

const DAY = 86_400_000;
// 2026-11-22T10:30:00Z
const now = Date.UTC(2026, 10, 22, 10, 30);

describe('funnel periods', () => {
  it('today starts at 00:00 UTC; week and month are the last 7 and 30 days; all starts at the epoch', () => {
    expect(currentWindow('today', now)).toEqual({ start: Date.UTC(2026, 10, 22), end: now + 1 });
    expect(currentWindow('week', now)).toEqual({ start: now - 7 * DAY, end: now + 1 });
    expect(currentWindow('month', now)).toEqual({ start: now - 30 * DAY, end: now + 1 });
    expect(currentWindow('all', now)).toEqual({ start: 0, end: now + 1 });
  });

  it('puts the previous period of the chosen length right before the current one', () => {
    const weekStart = now - 7 * DAY;
    expect(previousWindow('month', weekStart)).toEqual({ start: now - 37 * DAY, end: weekStart });
    expect(previousWindow('week', weekStart)).toEqual({ start: now - 14 * DAY, end: weekStart });
    // today against today: yesterday
    const midnight = Date.UTC(2026, 10, 22);
    expect(previousWindow('today', midnight)).toEqual({ start: midnight - DAY, end: midnight });
    expect(previousWindow('all', weekStart)).toEqual({ start: 0, end: weekStart });
    // nothing comes before all time
    expect(previousWindow('all', 0)).toEqual({ start: 0, end: 0 });
  });

  it("starts today at the website's local midnight, and yesterday is that whole local day", () => {
    // 10:30 UTC is 16:15 in Kathmandu: its day began at 18:15 UTC the day before.
    expect(currentWindow('today', now, 'Asia/Kathmandu').start).toBe(Date.UTC(2026, 10, 21, 18, 15));
    // Los Angeles, the day after the fall-back change: yesterday lasted 25 hours.
    const monday = Date.UTC(2026, 10, 2, 8);
    const today = currentWindow('today', Date.UTC(2026, 10, 2, 20), 'America/Los_Angeles');
    expect(today.start).toBe(monday);
    expect(previousWindow('today', today.start, 'America/Los_Angeles')).toEqual({
      start: Date.UTC(2026, 10, 1, 7),
      end: monday,
    });
  });
});
