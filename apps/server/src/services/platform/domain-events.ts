import type { CreditSettings } from '@ocx/core';

/** What services announce. Subscribers (caches, background jobs) react; the announcer knows none of them. */
export interface DomainEvents {
  /** A website's settings, goals or funnels changed, or it was deleted: its cached tracker config is stale. */
  'website.changed': { websiteId: string };
  /** The window, a model's weights, the decay or cross-device tracking changed (docs/definitions.md#recomputation). */
  'attribution.settingsChanged': { websiteId: string; before: CreditSettings; after: CreditSettings };
  /** A campaign was created, retagged or deleted: what ingestion cached for its ocxid is stale. */
  'campaign.changed': { websiteId: string; ocxid: string };
  /** Conversions were stored: crediting and postbacks have work. */
  'conversions.stored': { count: number };
}

type Handler<T> = (payload: T) => void | Promise<void>;

/**
 * A typed, in-process event bus. `emit` runs the subscribers in the order they subscribed and waits
 * for them, so a request that changes settings answers after the caches and jobs have heard of it.
 */
export class DomainEventBus<Events extends object = DomainEvents> {
  private readonly handlers = new Map<keyof Events, Handler<never>[]>();

  on<K extends keyof Events>(name: K, handler: Handler<Events[K]>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as Handler<never>]);
  }

  async emit<K extends keyof Events>(name: K, payload: Events[K]): Promise<void> {
    for (const handler of (this.handlers.get(name) ?? []) as Handler<Events[K]>[]) await handler(payload);
  }
}
