import { describe, expect, it } from 'vitest';
import { DomainEventBus } from './domain-events';

describe('DomainEventBus', () => {
  it('runs the subscribers of an event in order and waits for each before answering', async () => {
    const bus = new DomainEventBus();
    const heard: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    bus.on('website.changed', async ({ websiteId }) => {
      await gate;
      heard.push(`first ${websiteId}`);
    });
    bus.on('website.changed', ({ websiteId }) => {
      heard.push(`second ${websiteId}`);
    });
    const emitted = bus.emit('website.changed', { websiteId: 'site-1' });
    expect(heard).toEqual([]);
    release();
    await emitted;
    expect(heard).toEqual(['first site-1', 'second site-1']);
  });

  it('tells only the subscribers of the event emitted, and emitting with none is fine', async () => {
    const bus = new DomainEventBus();
    const heard: unknown[] = [];
    bus.on('conversions.stored', (payload) => {
      heard.push(payload);
    });
    await bus.emit('campaign.changed', { websiteId: 'site-1', ocxid: 'abc' });
    expect(heard).toEqual([]);
    await bus.emit('conversions.stored', { count: 3 });
    expect(heard).toEqual([{ count: 3 }]);
  });

  it('passes a subscriber failure to whoever emitted', async () => {
    const bus = new DomainEventBus();
    bus.on('website.changed', () => {
      throw new Error('cache down');
    });
    await expect(bus.emit('website.changed', { websiteId: 'site-1' })).rejects.toThrow('cache down');
  });
});
