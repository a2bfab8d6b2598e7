import { MINUTE_MS } from '@ocx/core';
import { LRUCache } from 'lru-cache';

/**
 * At most `allowed` attempts per key in any `windowMs` (60 seconds unless told). Unlike a fixed
 * window, the count does not reset at the turn of a minute, so a guesser never gets twice the
 * allowance in a burst.
 */
export class SlidingRateLimit {
  private readonly attempts: LRUCache<string, number[]>;

  constructor(
    private readonly allowed: number,
    private readonly windowMs = MINUTE_MS,
  ) {
    this.attempts = new LRUCache<string, number[]>({ max: 10_000, ttl: windowMs });
  }

  /** Counts the attempt; true when it is within the allowance. */
  allow(key: string, now: number): boolean {
    const recent = (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.attempts.set(key, recent);
    return recent.length <= this.allowed;
  }
}
