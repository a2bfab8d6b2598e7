import { describe, expect, it } from 'vitest';
import { SlidingRateLimit } from './sliding-rate-limit';

describe('SlidingRateLimit', () => {
  it('counts attempts in the last 60 seconds per key, across the turn of a minute', () => {
    const limit = new SlidingRateLimit(2);
    const t = 59_000; // one second before a minute turns
    expect([limit.allow('a', t), limit.allow('a', t + 1), limit.allow('a', t + 2_000)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limit.allow('b', t + 2_000)).toBe(true);
    expect(limit.allow('a', t + 60_001)).toBe(true);
  });

  it('counts in a longer window when told (an hour here)', () => {
    const hour = 3_600_000;
    const limit = new SlidingRateLimit(2, hour);
    expect([limit.allow('org', 0), limit.allow('org', 1_000), limit.allow('org', 59 * 60_000)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limit.allow('org', hour + 1_001)).toBe(true);
  });
});
