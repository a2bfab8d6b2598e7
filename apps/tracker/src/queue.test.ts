// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  COLLECT,
  config,
  expectValidBodies,
  page,
  type Queued,
  queue,
  SITE,
  T0,
  teardown,
} from './test-support';

afterEach(teardown);

const ocx = (...args: unknown[]) => (window as unknown as { ocx: (...a: unknown[]) => void }).ocx(...args);
const DAY = 864e5;

/** A queued event as an earlier page load left it, made `age` ms before T0. */
const entry = (i: number, over: Partial<Queued> = {}, age = 60_000): Queued => ({
  e: {
    type: 'custom',
    name: `old-${i}`,
    url: 'https://www.shop.test/old',
    visitorId: 'earlier_visitor_01',
    sessionId: 'earlier_session_01',
    eventId: `earlier_event_${String(i).padStart(4, '0')}`,
    ts: T0 - age,
  },
  n: 1,
  t: 0,
  ...over,
});
const seed = (entries: Queued[]) => localStorage.setItem('_ocx_q', JSON.stringify(entries));

describe('sending', () => {
  it('batches the events made in the same tick into one body', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ cs: ['#buy'] }) });
    document.body.innerHTML = '<button id="buy">Buy</button>';
    p.start();
    await p.tick();
    ocx('event', 'a');
    ocx('event', 'b');
    document.getElementById('buy')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await p.tick();
    expect(p.sent.map((s) => s.body.events.map((e) => e.name ?? e.selector ?? e.type))).toEqual([
      ['pageview'],
      ['a', 'b', '#buy'],
    ]);
    expect(p.sent.every((s) => s.url === COLLECT && s.body.site === SITE)).toBe(true);
  });

  it('sends at most 100 events per body', async () => {
    const p = page();
    seed(Array.from({ length: 250 }, (_, i) => entry(i)));
    p.start();
    await p.tick();
    expect(p.sent.map((s) => s.body.events.length)).toEqual([100, 100, 51]);
    expect(queue()).toEqual([]);
    expectValidBodies(p.sent);
  });

  it('does not send an event again while its request is in flight', async () => {
    let answer = (_: number) => {};
    const p = page('https://www.shop.test/', { answers: [new Promise<number>((r) => (answer = r))] });
    p.start();
    await p.tick();
    ocx('event', 'later');
    await p.tick();
    expect(p.sent.map((s) => s.body.events.map((e) => e.type))).toEqual([['pageview'], ['custom']]);
    answer(202);
    await p.tick(60_000);
    expect(p.sent).toHaveLength(2);
    expect(queue()).toEqual([]);
  });
});

describe('offline queue', () => {
  it('keeps an event whose request failed in localStorage with its tries and next try time', async () => {
    const p = page('https://www.shop.test/', { answers: ['network'] });
    p.start();
    await p.tick();
    const [sent] = p.events();
    expect(queue()).toEqual([{ e: sent, n: 1, t: expect.closeTo(T0 + 2000, -1) }]);
  });

  it('sends it again after the backoff with the same eventId and ts, and empties the queue on a 2xx', async () => {
    const p = page('https://www.shop.test/', { answers: ['network'] });
    p.start();
    await p.tick();
    await p.tick(1500);
    expect(p.sent).toHaveLength(1);
    await p.tick(600);
    expect(p.sent).toHaveLength(2);
    expect(p.sent[1]?.body.events).toEqual(p.sent[0]?.body.events);
    expect(queue()).toEqual([]);
  });

  it('retries on 429 and 5xx answers', async () => {
    const p = page('https://www.shop.test/', { answers: [429, 503, 500] });
    p.start();
    await p.tick(60_000);
    expect(p.sent).toHaveLength(4);
    expect(new Set(p.sent.map((s) => s.body.events[0]?.eventId)).size).toBe(1);
    expect(queue()).toEqual([]);
  });

  it('drops events rejected with a 4xx other than 429, without retrying', async () => {
    for (const status of [400, 404, 413, 422]) {
      const p = page('https://www.shop.test/', { answers: [status] });
      p.start();
      await p.tick(10 * 60_000);
      expect(p.sent).toHaveLength(1);
      expect(queue()).toEqual([]);
      teardown();
    }
  });

  it('retries after 2^tries seconds, at most 5 minutes, and gives up after 10 tries', async () => {
    const p = page('https://www.shop.test/', { answers: Array(20).fill('network') });
    p.start();
    await p.tick(DAY);
    expect(p.sent).toHaveLength(10);
    expect(new Set(p.sent.map((s) => s.body.events[0]?.eventId)).size).toBe(1);
    const gaps = p.sent.slice(1).map((s, i) => Math.round((s.at - (p.sent[i]?.at as number)) / 1000));
    expect(gaps).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300]);
    expect(queue()).toEqual([]);
  });

  it('keeps only the last 1,000 events', async () => {
    const p = page();
    seed(Array.from({ length: 1000 }, (_, i) => entry(i, { t: T0 + DAY })));
    p.start();
    await p.tick();
    const q = queue();
    // The pageview went out and was removed; before that it pushed the oldest queued event out.
    expect(q).toHaveLength(999);
    expect(q[0]?.e.eventId).toBe('earlier_event_0001');
    expect(q.at(-1)?.e.eventId).toBe('earlier_event_0999');
  });

  it('caps at 1,000 while events cannot be sent', async () => {
    const p = page('https://www.shop.test/', { answers: Array(5).fill('network') });
    seed(Array.from({ length: 1000 }, (_, i) => entry(i, { t: T0 + DAY })));
    p.start();
    await p.tick();
    ocx('event', 'newest');
    await p.tick();
    const q = queue();
    expect(q).toHaveLength(1000);
    expect(q[0]?.e.eventId).toBe('earlier_event_0002');
    expect(q.at(-1)?.e.name).toBe('newest');
  });

  it('survives a reload: events queued by an earlier page load go out with the new pageview', async () => {
    const p = page();
    seed([entry(1), entry(2)]);
    p.start();
    await p.tick();
    expect(p.sent).toHaveLength(1);
    expect(p.events().map((e) => e.eventId)).toEqual([
      'earlier_event_0001',
      'earlier_event_0002',
      expect.any(String),
    ]);
    expect(p.events()[0]?.ts).toBe(T0 - 60_000);
    expect(queue()).toEqual([]);
  });

  it('gives up on events made over 7 days ago', async () => {
    const p = page();
    seed([entry(1, {}, 7 * DAY + 1), entry(2, {}, 6 * DAY)]);
    p.start();
    await p.tick();
    expect(p.events().map((e) => e.eventId)).toEqual(['earlier_event_0002', expect.any(String)]);
    expect(queue()).toEqual([]);
  });

  it('gives up on a queued event that turns 7 days old while it waits for its retry', async () => {
    const p = page();
    seed([entry(1, { n: 3, t: T0 + 120_000 }, 7 * DAY - 60_000)]);
    p.start();
    await p.tick();
    expect(queue()).toHaveLength(1);
    await p.tick(180_000);
    ocx('event', 'now');
    await p.tick();
    expect(p.events().map((e) => e.eventId)).not.toContain('earlier_event_0001');
    expect(queue()).toEqual([]);
  });

  it('resends at once when the browser comes back online, without waiting for the backoff', async () => {
    const p = page('https://www.shop.test/', { answers: ['network', 'network'] });
    p.start();
    await p.tick();
    await p.tick(2100);
    expect(p.sent).toHaveLength(2);
    window.dispatchEvent(new Event('online'));
    await p.tick();
    expect(p.sent).toHaveLength(3);
    expect(queue()).toEqual([]);
  });
});

describe('page hide', () => {
  it('sends the queued events with sendBeacon as text JSON on pagehide and keeps them queued', async () => {
    const p = page('https://www.shop.test/', { answers: ['network'] });
    p.start();
    await p.tick();
    window.dispatchEvent(new Event('pagehide'));
    await p.tick();
    expect(p.beacon).toHaveBeenCalledTimes(1);
    expect(p.beacon.mock.calls[0]?.[0]).toBe(COLLECT);
    expect(typeof p.beacon.mock.calls[0]?.[1]).toBe('string');
    expect(p.beacons[0]?.body).toEqual({ site: SITE, events: p.sent[0]?.body.events });
    expect(queue()).toHaveLength(1);
    expectValidBodies(p.beacons);
  });

  it('sends the events still held for the config, with the default settings', async () => {
    const p = page('https://www.shop.test/', { cfg: 'never' });
    p.start();
    ocx('event', 'early');
    await p.tick(100);
    window.dispatchEvent(new Event('pagehide'));
    await p.tick();
    expect(p.beacons[0]?.body.events.map((e) => e.type)).toEqual(['pageview', 'custom']);
    expectValidBodies(p.beacons);
  });

  it('sends no beacon when nothing is queued', async () => {
    const p = page();
    p.start();
    await p.tick();
    window.dispatchEvent(new Event('pagehide'));
    await p.tick();
    expect(p.beacon).not.toHaveBeenCalled();
  });
});
