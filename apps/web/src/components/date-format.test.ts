import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeSeconds, formatDay, formatTimeOfDay } from './date-format';

describe('date format', () => {
  const iso = '2026-03-04T05:06:07Z';

  it('writes a moment in the medium date style with the time', () => {
    expect(formatDateTime(iso, 'en-US')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatDateTime(iso, 'en-US')).toMatch(/^Mar 4, 2026/);
    expect(formatDateTimeSeconds(iso, 'en-US')).toMatch(/:07/);
    expect(formatTimeOfDay(Date.parse(iso), 'en-US')).toMatch(/:07/);
  });

  it("uses each locale's own format", () => {
    expect(formatDay('2026-03-04', 'en-US')).toBe('Mar 4, 2026');
    expect(formatDay('2026-03-04', 'de-DE')).toBe('04.03.2026');
    expect(formatDay('2026-03-04', 'en-GB')).toBe('4 Mar 2026');
  });

  it('keeps a plain day on its date whatever the time zone, and says — for no moment', () => {
    expect(formatDay('2026-12-31', 'en-US')).toBe('Dec 31, 2026');
    expect(formatDay('not a day', 'en-US')).toBe('not a day');
    for (const none of [null, undefined, '', 'nonsense']) expect(formatDateTime(none, 'en-US')).toBe('—');
  });
});
