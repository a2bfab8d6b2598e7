import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DomainEventBus, DomainEvents } from './domain-events';

const CHANNEL = 'ocx:changed';
/** What app servers tell each other: the changes that make their caches stale. */
const RELAYED = ['website.changed', 'campaign.changed'] as const;
type Relayed = (typeof RELAYED)[number];

/** Marks a change that came from another server, so it is not sent back out. */
const FROM_ELSEWHERE = Symbol('from another app server');

/**
 * Passes the changes that make caches stale (a website's settings, goals or funnels; a campaign's
 * tags) to every other app server through Redis pub/sub, where they reach the same bus subscribers
 * as on the server that made them: the tracker config and ocxid caches are fresh on every server at
 * once instead of after their time to live.
 */
export function relayChanges(
  redis: Redis,
  bus: DomainEventBus,
): { subscribed: Promise<void>; close(): void } {
  const origin = randomUUID();
  // Subscribing waits for the connection (the shared one fails commands at once while it is away).
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  // The shared connection already reports an outage; this one reconnects and resubscribes quietly.
  subscriber.on('error', () => {});
  const send = (name: Relayed) => (payload: DomainEvents[Relayed]) => {
    if (FROM_ELSEWHERE in payload) return;
    // A lost message (Redis away) leaves the other servers' entries to their time to live.
    redis.publish(CHANNEL, JSON.stringify({ origin, name, payload })).catch(() => {});
  };
  bus.on('website.changed', send('website.changed'));
  bus.on('campaign.changed', send('campaign.changed'));
  subscriber.on('message', (_channel: string, text: string) => {
    const message = JSON.parse(text) as { origin: string; name: Relayed; payload: DomainEvents[Relayed] };
    if (message.origin === origin || !RELAYED.includes(message.name)) return;
    void bus.emit(message.name, { ...message.payload, [FROM_ELSEWHERE]: true } as never);
  });
  const subscribed = subscriber.subscribe(CHANNEL).then(
    () => undefined,
    () => undefined,
  );
  return { subscribed, close: () => subscriber.disconnect() };
}
