// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  COLLECT,
  config,
  cookie,
  expectValidBodies,
  keepCookies,
  page,
  recordCookieWrites,
  SITE,
  T0,
  teardown,
} from './test-support';

afterEach(teardown);

describe('config', () => {
  it('fetches the site config from the collect path, without asking for credentials', async () => {
    const p = page();
    p.start();
    await p.tick();
    // The default credentials mode ('same-origin') sends no cookies to the OCX host, which is another origin.
    expect(p.configRequests).toEqual([{ url: `${COLLECT}/config?site=${SITE}`, init: undefined }]);
  });

  it('holds events until the config arrives, then sends them with its cookie domain and lifetime', async () => {
    let arrive = (_: Response) => {};
    const p = page();
    p.fetch.mockImplementationOnce(() => new Promise<Response>((r) => (arrive = r)));
    const writes = recordCookieWrites();
    p.start();
    await p.tick(2000);
    expect(p.sent).toHaveLength(0);
    expect(writes).toHaveLength(0);

    arrive(new Response(JSON.stringify(config({ cd: '.shop.test', cw: 30 }))));
    await p.tick();
    expect(p.events().map((e) => e.type)).toEqual(['pageview']);
    expect(writes.find((w) => w.startsWith('_ocx_v='))).toMatch(/;domain=\.shop\.test;/);
    expect(writes.find((w) => w.startsWith('_ocx_v='))).toContain(';max-age=2592000;');
  });

  it('continues without ids on the device when the config is over 3 s late: consent mode is not known', async () => {
    const p = page('https://www.shop.test/', { cfg: 'never' });
    const writes = recordCookieWrites();
    p.start();
    await p.tick(2990);
    expect(p.sent).toHaveLength(0);
    await p.tick(10);
    expect(p.events()).toHaveLength(1);
    expect(p.events()[0]?.visitorId).toBeUndefined();
    expect(writes).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('continues with defaults (host-only cookie, 90 days, 30-minute session) after an earlier grant when the config is late', async () => {
    const p = page('https://www.shop.test/', { cfg: 'never' });
    document.cookie = '_ocx_v=earlier-grant-1;path=/;max-age=100';
    const writes = recordCookieWrites();
    p.start();
    await p.tick(3000);
    expect(p.events()[0]?.visitorId).toBe('earlier-grant-1');
    expect(writes.find((w) => w.startsWith('_ocx_v='))).toBe(
      '_ocx_v=earlier-grant-1;path=/;max-age=7776000;Secure',
    );
    expect(writes.find((w) => w.startsWith('_ocx_s='))).toBe(
      `_ocx_s=${cookie('_ocx_s')};path=/;max-age=1800;Secure`,
    );
  });

  it('continues with defaults at once when the config request fails or answers an error', async () => {
    for (const cfg of ['network', 404] as const) {
      const p = page('https://www.shop.test/', { cfg });
      p.start();
      await p.tick();
      expect(p.events()).toHaveLength(1);
      teardown();
    }
  });
});

describe('pageview on load', () => {
  it('carries the landing URL with its campaign parameters, the referrer, the title, ids and a timestamp', async () => {
    const landing =
      'https://www.shop.test/p?ocxid=c_1&utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=shoes&utm_content=a&gclid=G1&gbraid=B&wbraid=W&fbclid=F&ttclid=T&msclkid=M&epik=E#top';
    const p = page(landing, { title: 'Shoes', referrer: 'https://www.google.com/' });
    p.start();
    await p.tick();

    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]?.url).toBe(COLLECT);
    expect(p.sent[0]?.body.site).toBe(SITE);
    const [e] = p.events();
    expect(e).toEqual({
      type: 'pageview',
      url: landing,
      referrer: 'https://www.google.com/',
      title: 'Shoes',
      visitorId: cookie('_ocx_v'),
      sessionId: cookie('_ocx_s'),
      eventId: expect.stringMatching(/^[\w-]{16,64}$/),
      ts: T0,
      sw: 1024,
    });
    expectValidBodies(p.sent);
  });

  it('posts the JSON as a string body (sent as text/plain: no preflight) with keepalive, asking no credentials', async () => {
    const p = page();
    p.start();
    await p.tick();
    const init = p.sent[0]?.init;
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(init?.credentials).toBeUndefined();
    // A string body is sent as text/plain;charset=UTF-8 by the browser: a CORS-safelisted type, so no preflight.
    expect(typeof init?.body).toBe('string');
    expect(new Request(COLLECT, init).headers.get('content-type')).toMatch(/^text\/plain/);
  });
});

describe('visitor and session cookies', () => {
  it('writes _ocx_v and _ocx_s on the cookie domain with their max-age, and Secure on https', async () => {
    const p = page('https://www.shop.test/', {
      cfg: config({ cd: '.shop.test', cw: 365 }),
    });
    const writes = recordCookieWrites();
    p.start();
    await p.tick();
    const [e] = p.events();
    expect(writes).toContain(`_ocx_v=${e?.visitorId};path=/;max-age=31536000;domain=.shop.test;Secure`);
    expect(writes).toContain(`_ocx_s=${e?.sessionId};path=/;max-age=1800;domain=.shop.test;Secure`);
    expect(cookie('_ocx_v')).toBe(e?.visitorId);
  });

  it('leaves out Secure on http', async () => {
    const p = page('http://www.shop.test/');
    const writes = recordCookieWrites();
    p.start();
    await p.tick();
    expect(writes.find((w) => w.startsWith('_ocx_v='))).not.toContain('Secure');
  });

  it('keeps the visitor id of an earlier visit and makes different 16+ character URL-safe ids', async () => {
    const p = page();
    document.cookie = '_ocx_v=returning_visitor_01;path=/';
    p.start();
    await p.tick();
    const [e] = p.events();
    expect(e?.visitorId).toBe('returning_visitor_01');
    expect(e?.sessionId).toMatch(/^[\w-]{16,64}$/);
    expect(new Set([e?.visitorId, e?.sessionId, e?.eventId]).size).toBe(3);
  });

  it('ignores a malformed visitor cookie and makes a new id', async () => {
    const p = page();
    document.cookie = '_ocx_v=bad value!;path=/';
    p.start();
    await p.tick();
    expect(p.events()[0]?.visitorId).toMatch(/^[\w-]{16,64}$/);
  });

  it('slides the session: events less than 30 minutes apart keep one session id', async () => {
    const p = page();
    p.start();
    await p.tick();
    await p.tick(29 * 60_000);
    (window as unknown as { ocx: (...a: unknown[]) => void }).ocx('event', 'a');
    await p.tick();
    await p.tick(29 * 60_000);
    (window as unknown as { ocx: (...a: unknown[]) => void }).ocx('event', 'b');
    await p.tick();
    const ids = p.events().map((e) => e.sessionId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('starts a new session after 30 minutes without events, keeping the visitor', async () => {
    const p = page();
    p.start();
    await p.tick();
    await p.tick(31 * 60_000);
    expect(cookie('_ocx_s')).toBeUndefined();
    (window as unknown as { ocx: (...a: unknown[]) => void }).ocx('event', 'late');
    await p.tick();
    const [first, late] = p.events();
    expect(late?.sessionId).not.toBe(first?.sessionId);
    expect(late?.visitorId).toBe(first?.visitorId);
  });

  it('starts a new session after 30 minutes without events', async () => {
    const p = page();
    p.start();
    await p.tick();
    await p.tick(29 * 60_000);
    (window as unknown as { ocx: (...a: unknown[]) => void }).ocx('event', 'within');
    await p.tick();
    await p.tick(31 * 60_000);
    (window as unknown as { ocx: (...a: unknown[]) => void }).ocx('event', 'later');
    await p.tick();
    const [first, within, later] = p.events();
    expect(within?.sessionId).toBe(first?.sessionId);
    expect(later?.sessionId).not.toBe(first?.sessionId);
  });

  it('continues the session of a previous page load while its cookie lives', async () => {
    const first = page();
    first.start();
    await first.tick();
    const before = first.events()[0];
    const restoreCookies = keepCookies();
    teardown();

    const second = page('https://www.shop.test/next');
    restoreCookies();
    second.start();
    await second.tick();
    expect(second.events()[0]).toMatchObject({ visitorId: before?.visitorId, sessionId: before?.sessionId });
  });
});

describe('never throws into the host page', () => {
  it('keeps tracking in memory when localStorage, sessionStorage and cookies are unavailable', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ ro: true }) });
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const storages = ['localStorage', 'sessionStorage'].map((name) => {
      const original = Object.getOwnPropertyDescriptor(window, name);
      Object.defineProperty(window, name, { get: blocked, configurable: true });
      return () => Object.defineProperty(window, name, original as PropertyDescriptor);
    });
    Object.defineProperty(document, 'cookie', { get: blocked, set: blocked, configurable: true });
    try {
      expect(() => p.start()).not.toThrow();
      await p.tick();
      history.pushState(null, '', '/two');
      await p.tick();
      const [a, b] = p.events();
      expect(p.events()).toHaveLength(2);
      expect(b?.visitorId).toBe(a?.visitorId);
      expect(b?.sessionId).toBe(a?.sessionId);
      expectValidBodies(p.sent);
    } finally {
      for (const restore of storages) restore();
      delete (document as { cookie?: string }).cookie;
    }
  });

  it('swallows bad ocx() input and clicks on non-elements', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ cs: ['#buy', '::nope('] }) });
    p.start();
    await p.tick();
    const ocx = (window as unknown as { ocx: (...a: unknown[]) => void }).ocx;
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => ocx('event', 'x', { props: circular })).not.toThrow();
    expect(() => ocx('unknown')).not.toThrow();
    expect(() => ocx()).not.toThrow();
    expect(() => document.dispatchEvent(new MouseEvent('click', { bubbles: true }))).not.toThrow();
    await p.tick();
    expect(p.events().map((e) => e.type)).toEqual(['pageview']);
  });
});
