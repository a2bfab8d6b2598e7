import { afterAll, describe, expect, it } from 'vitest';
import { openRedis, redisReady } from '../../storage/redis/redis-client';
import { testRedisUrls } from '../../test/test-redis';
import { relayChanges } from './change-relay';
import { DomainEventBus } from './domain-events';

const quiet = { warn: () => {} };

describe('changes relayed while Redis is away', () => {
  it("still reach the server's own subscribers, and the failed publish is no error", async () => {
    const away = openRedis('redis://127.0.0.1:1', quiet);
    const bus = new DomainEventBus();
    const heard: string[] = [];
    bus.on('website.changed', ({ websiteId }) => {
      heard.push(websiteId);
    });
    const relay = relayChanges(away, bus);
    try {
      await bus.emit('website.changed', { websiteId: 'site-1' });
      expect(heard).toEqual(['site-1']);
    } finally {
      relay.close();
      away.disconnect();
    }
  });
});

for (const url of testRedisUrls) {
  describe('changes relayed to the other app servers through Redis', () => {
    const closes: (() => void)[] = [];
    afterAll(() => {
      for (const close of closes) close();
    });

    /** An app server: its bus, its Redis connection, the relay, and what its caches heard. */
    async function server() {
      const redis = openRedis(url, quiet);
      await redisReady(redis, 10_000);
      const bus = new DomainEventBus();
      const heard: string[] = [];
      const waiters: { what: string; resolve(): void }[] = [];
      const hear = (what: string) => {
        heard.push(what);
        for (const w of waiters.filter((x) => x.what === what)) w.resolve();
      };
      bus.on('website.changed', ({ websiteId }) => hear(`website ${websiteId}`));
      bus.on('campaign.changed', ({ ocxid }) => hear(`campaign ${ocxid}`));
      const relay = relayChanges(redis, bus);
      closes.push(relay.close, () => redis.disconnect());
      await relay.subscribed;
      const heardOf = (what: string) =>
        new Promise<void>((resolve) => {
          if (heard.includes(what)) resolve();
          else waiters.push({ what, resolve });
        });
      return { bus, redis, heard, heardOf };
    }

    it("makes one server's change reach the other's subscribers, once, and never back", async () => {
      const [a, b] = [await server(), await server()];
      await a.bus.emit('website.changed', { websiteId: 'site-1' });
      await b.bus.emit('campaign.changed', { websiteId: 'site-1', ocxid: 'ocx12345' });
      await Promise.all([b.heardOf('website site-1'), a.heardOf('campaign ocx12345')]);
      // A marker after both: everything sent before it has arrived.
      await b.bus.emit('website.changed', { websiteId: 'marker' });
      await a.heardOf('website marker');
      // Each heard every change once (its own and the other's, in either order).
      const once = ['campaign ocx12345', 'website marker', 'website site-1'];
      expect(a.heard.toSorted()).toEqual(once);
      expect(b.heard.toSorted()).toEqual(once);
    });
  });
}
