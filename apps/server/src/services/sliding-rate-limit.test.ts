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
});
