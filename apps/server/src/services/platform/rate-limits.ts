import type { Redis } from 'ioredis';
import { redisFixedWindowCount, redisSlidingWindowCount } from '../../storage/redis/redis-limits';
import { RateLimiter } from '../ingest/rate-limiter';
import { SlidingRateLimit } from './sliding-rate-limit';

/** At most so many attempts per key and window (a minute unless told); `allow` counts one. */
export interface Limit {
  allow(key: string, now?: number): Promise<boolean>;
}

/**
 * The request limits (collect, share-link passwords, installation checks, Auth Debug, invitation
 * mails). With REDIS_URL every app server counts into the same Redis keys, so N servers behind a
 * proxy allow what one would; without it, or while Redis is away, each server counts in its own
 * memory.
 */
export class RateLimits {
  constructor(private readonly redis: Redis | null) {}

  /** Fixed one-minute windows (cheap: the collect endpoint's). */
  fixed(name: string, perMinute: number): Limit {
    return this.limit(new RateLimiter(perMinute), perMinute, (redis, key, now) =>
      redisFixedWindowCount(redis, name, key, now),
    );
  }

  /**
   * The last 60 seconds (or `windowMs`), never reset at the turn of a minute (guessable secrets,
   * mails to an address).
   */
  sliding(name: string, allowed: number, windowMs = 60_000): Limit {
    return this.limit(new SlidingRateLimit(allowed, windowMs), allowed, (redis, key, now) =>
      redisSlidingWindowCount(redis, name, key, now, windowMs),
    );
  }

  private limit(
    local: { allow(key: string, now: number): boolean },
    perMinute: number,
    count: (redis: Redis, key: string, now: number) => Promise<number>,
  ): Limit {
    const redis = this.redis;
    if (!redis) return { allow: async (key, now = Date.now()) => local.allow(key, now) };
    return {
      allow: async (key, now = Date.now()) => {
        try {
          return (await count(redis, key, now)) <= perMinute;
        } catch {
          return local.allow(key, now);
        }
      },
    };
  }
}

/** Seconds until the current fixed one-minute window ends (a 429's Retry-After). */
export const retryAfterSeconds = (now = Date.now()): number => 60 - Math.floor((now % 60_000) / 1000);
