import { MINUTE_MS } from '@ocx/core';
import type { Redis } from 'ioredis';

let sequence = 0;

/** Fixed one-minute windows per key in Redis: every app server counts into the same window. */
export async function redisFixedWindowCount(redis: Redis, name: string, key: string, now: number) {
  const window = Math.floor(now / MINUTE_MS);
  const id = `ocx:limit:${name}:${window}:${key}`;
  const result = await redis
    .multi()
    .incr(id)
    .pexpire(id, MINUTE_MS + 5_000)
    .exec();
  return Number(result?.[0]?.[1] ?? 0);
}

/**
 * Attempts per key in the last `windowMs` (60 seconds unless told; this one included), in a Redis
 * sorted set by time: the count never resets at the turn of a minute, across every app server.
 */
export async function redisSlidingWindowCount(
  redis: Redis,
  name: string,
  key: string,
  now: number,
  windowMs = MINUTE_MS,
) {
  const id = `ocx:sliding:${name}:${key}`;
  sequence = (sequence + 1) % 1_000_000_000;
  const member = `${now}:${process.pid}:${sequence}`;
  const result = await redis
    .multi()
    .zremrangebyscore(id, 0, now - windowMs)
    .zadd(id, now, member)
    .zcard(id)
    .pexpire(id, windowMs)
    .exec();
  return Number(result?.[2]?.[1] ?? 0);
}
