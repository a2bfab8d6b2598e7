// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  config,
  cookie,
  expectValidBodies,
  keepCookies,
  page,
  queue,
  recordCookieWrites,
  teardown,
} from './test-support';

afterEach(teardown);

const ocx = (...args: unknown[]) => (window as unknown as { ocx: (...a: unknown[]) => void }).ocx(...args);
/** Consent mode 'require': the server leaves `cn` out. */
const requireConsent = (overrides = {}) => {
  const { cn: _none, ...rest } = config(overrides);
  return rest;
};
const nothingStored = () => {
  expect(document.cookie).toBe('');
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
};

describe("consent mode 'require'", () => {
  it('before consent writes no cookie and no storage entry and sends events without ids', async () => {
    const p = page('https://www.shop.test/', { cfg: requireConsent({ ro: true }) });
    const writes = recordCookieWrites();
    p.start();
    await p.tick();
    ocx('event', 'signup');
    history.pushState(null, '', '/pricing');
    await p.tick();
    expect(p.events().map((e) => e.type)).toEqual(['pageview', 'custom', 'pageview']);
    for (const e of p.events()) {
      expect(e.visitorId).toBeUndefined();
      expect(e.sessionId).toBeUndefined();
    }
    expect(writes).toEqual([]);
    nothingStored();
    expectValidBodies(p.sent);
  });

  it('keeps the offline queue in memory before consent and still retries it', async () => {
    const p = page('https://www.shop.test/', { cfg: requireConsent(), answers: ['network'] });
    p.start();
    await p.tick();
    expect(p.sent).toHaveLength(1);
    nothingStored();
    await p.tick(2000);
    expect(p.sent).toHaveLength(2);
    expect(p.sent[1]?.body.events[0]?.eventId).toBe(p.sent[0]?.body.events[0]?.eventId);
  });

  it("on ocx('consent', true) puts the ids on the device and sends a consent event with the new visitor id", async () => {
    const p = page('https://www.shop.test/', { cfg: requireConsent() });
    p.start();
    await p.tick();
    ocx('consent', true);
    ocx('event', 'purchase');
    await p.tick();
    const [, consent, purchase] = p.events();
    expect(consent).toMatchObject({ type: 'consent', granted: true });
    expect(consent?.visitorId).toBe(cookie('_ocx_v'));
    expect(consent?.sessionId).toBe(cookie('_ocx_s'));
    expect(purchase?.visitorId).toBe(consent?.visitorId);
    expectValidBodies(p.sent);

    // The next page load finds the earlier grant's cookie and keeps the same visitor.
    const restore = keepCookies();
    teardown();
    const next = page('https://www.shop.test/next', { cfg: requireConsent() });
    restore();
    next.start();
    await next.tick();
    expect(next.events()[0]?.visitorId).toBe(consent?.visitorId);
  });

  it("on ocx('consent', false) deletes the cookies, empties the stored queue and sends no ids again", async () => {
    const p = page('https://www.shop.test/', { cfg: config(), answers: ['network'] });
    p.start();
    await p.tick();
    expect(cookie('_ocx_v')).toBeDefined();
    expect(queue()).toHaveLength(1);
    const writes = recordCookieWrites();
    ocx('consent', false);
    // max-age=0 deletes a cookie (happy-dom keeps showing it; the browser tests read the real jar).
    expect(writes).toEqual([
      expect.stringMatching(/^_ocx_v=[\w-]+;path=\/;max-age=0;domain=\.shop\.test;Secure$/),
      expect.stringMatching(/^_ocx_s=[\w-]+;path=\/;max-age=0;domain=\.shop\.test;Secure$/),
    ]);
    expect(queue()).toEqual([]);
    ocx('event', 'after');
    await p.tick();
    const after = p.events().find((e) => e.name === 'after');
    expect(after?.visitorId).toBeUndefined();
    expect(writes).toHaveLength(2);
  });

  it('takes a refusal the browser signalled (cn 0) over an earlier grant, and an explicit grant over both', async () => {
    const p = page('https://www.shop.test/', { cfg: { ...config(), cn: 0 } });
    document.cookie = '_ocx_v=earlier-grant-1;path=/;max-age=100';
    p.start();
    await p.tick();
    expect(p.events()[0]?.visitorId).toBeUndefined();
    expect(localStorage.length).toBe(0);
    ocx('consent', true);
    await p.tick();
    expect(p.events()[1]).toMatchObject({ type: 'consent', visitorId: 'earlier-grant-1' });
  });

  it('gives cross-domain links no ids before consent', async () => {
    const p = page('https://www.shop.test/', { cfg: requireConsent({ xd: ['partner.test'] }) });
    document.body.innerHTML = '<a href="https://partner.test/pay">pay</a>';
    const a = document.querySelector('a') as HTMLAnchorElement;
    a.addEventListener('click', (e) => e.preventDefault());
    p.start();
    await p.tick();
    expect(p.scripts).toEqual(['https://track.shop.test/api/collect/x.js']);
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(a.href).toBe('https://partner.test/pay');
    ocx('consent', true);
    await p.tick();
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(a.href).toBe(`https://partner.test/pay?_ocx=${cookie('_ocx_v')}.${cookie('_ocx_s')}`);
  });
});
