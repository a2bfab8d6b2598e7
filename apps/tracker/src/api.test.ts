// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { expectValidBodies, page, teardown } from './test-support';

afterEach(teardown);

type Ocx = ((...args: unknown[]) => void) & { q?: IArguments[] };
const win = window as unknown as { ocx?: Ocx };

/** The snippet sites paste before t.js loads. */
const stub = () => {
  // Like the snippet's `function(){(ocx.q=ocx.q||[]).push(arguments)}`, without `arguments` (lint): the tracker
  // only spreads each entry, which works the same for an arguments object and an array.
  const f: Ocx = (...args: unknown[]) => {
    f.q = f.q || [];
    f.q.push(args as unknown as IArguments);
  };
  win.ocx = win.ocx || f;
};

describe('window.ocx', () => {
  it("sends ocx('event', name, {value, currency, props}) as a custom event", async () => {
    const p = page();
    p.start();
    await p.tick();
    win.ocx?.('event', 'purchase', {
      value: 49.9,
      currency: 'USD',
      props: { plan: 'pro', seats: 3, trial: false },
    });
    await p.tick();
    const custom = p.events().find((e) => e.type === 'custom');
    expect(custom).toMatchObject({
      type: 'custom',
      name: 'purchase',
      value: 49.9,
      currency: 'USD',
      props: { plan: 'pro', seats: 3, trial: false },
      url: 'https://www.shop.test/landing?utm_source=news',
    });
    expectValidBodies(p.sent);
  });

  it("sends ocx('identify', userId) as an identify event", async () => {
    const p = page();
    p.start();
    win.ocx?.('identify', 'user-42');
    await p.tick();
    expect(p.events().find((e) => e.type === 'identify')).toMatchObject({
      type: 'identify',
      userId: 'user-42',
    });
  });

  it('replays the calls queued in ocx.q before the script loaded, in order, after the pageview', async () => {
    const p = page();
    stub();
    win.ocx?.('event', 'signup');
    win.ocx?.('identify', 'user-7');
    win.ocx?.('event', 'purchase', { value: 10, currency: 'EUR' });
    p.start();
    await p.tick();
    expect(p.events().map((e) => [e.type, e.name ?? e.userId ?? null, e.value ?? null])).toEqual([
      ['pageview', null, null],
      ['custom', 'signup', null],
      ['identify', 'user-7', null],
      ['custom', 'purchase', 10],
    ]);
    expect(typeof win.ocx).toBe('function');
    expect(win.ocx?.q).toBeUndefined();
  });

  it('ignores unknown commands', async () => {
    const p = page();
    p.start();
    win.ocx?.('track', 'x');
    await p.tick();
    expect(p.events().map((e) => e.type)).toEqual(['pageview']);
  });
});
