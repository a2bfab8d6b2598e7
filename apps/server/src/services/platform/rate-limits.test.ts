import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, redisReady } from '../../storage/redis/redis-client';
import { testRedisUrls } from '../../test/test-redis';
import { createAnonymousSessions } from '../privacy/anonymous-sessions';
import { RateLimits } from './rate-limits';

const quiet = { warn: () => {} };
const NOW = 1_800_000_030_000;

describe('rate limits in memory (no REDIS_URL)', () => {
  it('counts each server on its own', async () => {
    const [a, b] = [new RateLimits(null).fixed('t', 2), new RateLimits(null).fixed('t', 2)];
    expect([await a.allow('ip', NOW), await a.allow('ip', NOW), await a.allow('ip', NOW)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await b.allow('ip', NOW)).toBe(true);
  });

  it('falls back to memory while Redis cannot be reached', async () => {
    const away = openRedis('redis://127.0.0.1:1', quiet);
    try {
      const limit = new RateLimits(away).sliding('t', 2);
      expect([
        await limit.allow('ip', NOW),
        await limit.allow('ip', NOW),
        await limit.allow('ip', NOW),
      ]).toEqual([true, true, false]);
    } finally {
      away.disconnect();
    }
  });
});

for (const url of testRedisUrls) {
  describe('rate limits and hash visitor sessions shared through Redis', () => {
    // Two app servers: two connections to one Redis, keys unique to this run.
    const servers = [openRedis(url, quiet), openRedis(url, quiet)] as const;
    const run = randomBytes(6).toString('hex');
    beforeAll(async () => {
      for (const redis of servers) await redisReady(redis, 10_000);
      expect(servers.map((redis) => redis.status)).toEqual(['ready', 'ready']);
    });
    afterAll(async () => {
      const admin = new Redis(url);
      const keys = await admin.keys(`ocx:*${run}*`);
      if (keys.length > 0) await admin.del(...keys);
      admin.disconnect();
      for (const redis of servers) redis.disconnect();
    });

    it('counts the fixed window across servers and starts afresh in the next minute', async () => {
      const [a, b] = servers.map((redis) => new RateLimits(redis).fixed(`collect-${run}`, 3));
      const answers = [];
      for (const limit of [a, b, a, b]) answers.push(await limit?.allow('198.51.100.7', NOW));
      expect(answers).toEqual([true, true, true, false]);
      expect(await a?.allow('198.51.100.8', NOW)).toBe(true);
      expect(await b?.allow('198.51.100.7', NOW + 60_000)).toBe(true);
    });

    it('counts the sliding window across servers: no fresh allowance at the turn of a minute', async () => {
      const [a, b] = servers.map((redis) => new RateLimits(redis).sliding(`unlock-${run}`, 2));
      expect(await a?.allow('ip', NOW)).toBe(true);
      expect(await b?.allow('ip', NOW + 1_000)).toBe(true);
      expect(await a?.allow('ip', NOW + 30_000)).toBe(false);
      // 59 s after the first try the three are still within the last minute.
      expect(await b?.allow('ip', NOW + 59_000)).toBe(false);
      // Past 60 s the first one has left the window, but the tries at +30 s and +59 s count.
      expect(await b?.allow('ip', NOW + 61_500)).toBe(false);
      expect(await a?.allow('ip', NOW + 120_000)).toBe(true);
    });

    it('counts a day-long sliding window across servers (invitation mails per address)', async () => {
      const day = 86_400_000;
      const [a, b] = servers.map((redis) => new RateLimits(redis).sliding(`mails-${run}`, 2, day));
      expect(await a?.allow('ann@example.com', NOW)).toBe(true);
      expect(await b?.allow('ann@example.com', NOW + 3_600_000)).toBe(true);
      expect(await a?.allow('ann@example.com', NOW + 20 * 3_600_000)).toBe(false);
      expect(await b?.allow('bob@example.com', NOW + 20 * 3_600_000)).toBe(true);
      // A day after the first mail it has left the window; the second (and the refused third) still count.
      expect(await b?.allow('ann@example.com', NOW + day + 1)).toBe(false);
      expect(await a?.allow('ann@example.com', NOW + 2 * day)).toBe(true);
    });

    it("continues a hash visitor's session on the other server", async () => {
      const [a, b] = servers.map((redis) => createAnonymousSessions(() => NOW, redis));
      const visitor = `hash-${run}`;
      let n = 0;
      const startNew = () => `session-${++n}`;
      const first = await a?.(visitor, NOW, startNew);
      const second = await b?.(visitor, NOW + 10 * 60_000, startNew);
      const afterPause = await a?.(visitor, NOW + 50 * 60_000, startNew);
      expect([first, second, afterPause]).toEqual(['session-1', 'session-1', 'session-2']);
    });
  });
}
