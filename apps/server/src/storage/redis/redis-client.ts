import { Redis } from 'ioredis';

interface RedisLog {
  warn(fields: { err: unknown }, message: string): void;
}

/**
 * The connection to REDIS_URL, shared by the limits and the hash visitors' sessions of every app
 * server. A command waits at most half a second and is not retried: its caller then falls back to
 * this server's own memory, so Redis being away never holds up or refuses a request.
 */
export function openRedis(url: string, log: RedisLog): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let reported = false;
  redis.on('error', (err) => {
    // Once per outage: a reconnect loop would otherwise log every 5 s.
    if (reported) return;
    reported = true;
    log.warn(
      { err },
      'Redis is not reachable; limits and hash visitor sessions count per server until it is',
    );
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

/** Resolves once the connection is ready, or after `ms` (the callers fall back to memory meanwhile). */
export function redisReady(redis: Redis, ms = 2_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.on('ready', done);
  });
}
