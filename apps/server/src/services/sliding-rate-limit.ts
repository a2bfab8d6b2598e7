import { LRUCache } from 'lru-cache';

const MINUTE_MS = 60_000;

/**
 * At most `perMinute` attempts per key in any 60 seconds. Unlike a fixed minute window, the count
 * does not reset at the turn of a minute, so a guesser never gets twice the allowance in a burst.
 */
export class SlidingRateLimit {
  private readonly attempts = new LRUCache<string, number[]>({ max: 10_000, ttl: MINUTE_MS });

  constructor(private readonly perMinute: number) {}

  /** Counts the attempt; true when it is within the allowance. */
  allow(key: string, now: number): boolean {
    const recent = (this.attempts.get(key) ?? []).filter((t) => now - t < MINUTE_MS);
    recent.push(now);
    this.attempts.set(key, recent);
    return recent.length <= this.perMinute;
  }
}
