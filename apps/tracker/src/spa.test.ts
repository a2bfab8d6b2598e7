// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { config, keepCookies, page, teardown } from './test-support';

afterEach(teardown);

/** An SPA navigation, then the tick in which the tracker looks at it. */
const go = async (p: ReturnType<typeof page>, path: string) => {
  history.pushState(null, '', path);
  await p.tick();
};

/** history.replaceState before the tracker wraps it (to move like a browser does on back/forward). */
const originalReplace = history.replaceState;

describe('single-page navigation', () => {
  it('sends a pageview after pushState with the previous URL as referrer and the title the app sets after it', async () => {
    const p = page('https://www.shop.test/home?utm_source=news', { referrer: 'https://news.test/' });
    p.start();
    await p.tick();
    history.pushState({}, '', '/product/1?color=red');
    document.title = 'Product';
    await p.tick();

    expect(p.events().map((e) => [e.type, e.url, e.referrer, e.title])).toEqual([
      ['pageview', 'https://www.shop.test/home?utm_source=news', 'https://news.test/', 'Landing'],
      [
        'pageview',
        'https://www.shop.test/product/1?color=red',
        'https://www.shop.test/home?utm_source=news',
        'Product',
      ],
    ]);
  });

  it('counts popstate navigations too, chaining referrers; replaceState alone is no new page', async () => {
    const p = page('https://www.shop.test/a');
    p.start();
    await p.tick();
    history.replaceState(null, '', '/a?tab=2');
    await p.tick();
    history.pushState(null, '', '/c');
    await p.tick();
    history.pushState(null, '', '/d');
    await p.tick();
    // A browser fires popstate after moving back; happy-dom does not, so the test moves and fires it.
    originalReplace.call(history, null, '', '/c');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await p.tick();
    expect(
      p.events().map((e) => [new URL(e.url).pathname, e.referrer && new URL(e.referrer).pathname]),
    ).toEqual([
      ['/a', ''],
      ['/c', '/a'],
      ['/d', '/c'],
      ['/c', '/d'],
    ]);
  });

  it('counts a redirect made in the same tick (push, then replace) as one view of where it lands', async () => {
    const p = page('https://www.shop.test/a');
    p.start();
    await p.tick();
    history.pushState(null, '', '/login');
    history.replaceState(null, '', '/account');
    await p.tick();
    expect(p.events().map((e) => [new URL(e.url).pathname, e.referrer])).toEqual([
      ['/a', ''],
      ['/account', 'https://www.shop.test/a'],
    ]);
  });

  it('sends nothing when only the hash or the history state changes', async () => {
    const p = page('https://www.shop.test/a?x=1');
    p.start();
    history.pushState({ step: 2 }, '', '/a?x=1#details');
    history.replaceState({ step: 3 }, '');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await p.tick();
    expect(p.events()).toHaveLength(1);
  });

  it('still performs the navigation and returns what the original history method returns', () => {
    const p = page('https://www.shop.test/a');
    p.start();
    expect(history.pushState({ n: 1 }, '', '/z')).toBeUndefined();
    expect(location.pathname).toBe('/z');
    expect(history.state).toEqual({ n: 1 });
  });
});

describe('regviewonce', () => {
  it('sends a page at most once per session when on', async () => {
    const p = page('https://www.shop.test/a', { cfg: config({ ro: true }) });
    p.start();
    for (const path of ['/b', '/a', '/a?v=2', '/b']) await go(p, path);
    expect(p.events().map((e) => new URL(e.url).pathname + new URL(e.url).search)).toEqual([
      '/a',
      '/b',
      '/a?v=2',
    ]);
  });

  it('remembers the pages of the session across page loads (sessionStorage) and forgets them in a new session', async () => {
    const first = page('https://www.shop.test/a', { cfg: config({ ro: true }) });
    first.start();
    await first.tick();
    const session = first.events()[0]?.sessionId;
    const restoreCookies = keepCookies();
    const seen = { ...sessionStorage };
    teardown();

    const reload = page('https://www.shop.test/a', { cfg: config({ ro: true }) });
    restoreCookies();
    for (const [k, v] of Object.entries(seen)) sessionStorage.setItem(k, v);
    reload.start();
    await reload.tick();
    expect(reload.events()).toHaveLength(0);
    expect(Object.keys(sessionStorage).some((k) => k.includes(String(session)))).toBe(true);

    await reload.tick(31 * 60_000);
    await go(reload, '/b');
    await go(reload, '/a');
    const views = reload.events();
    expect(views.map((e) => new URL(e.url).pathname)).toEqual(['/b', '/a']);
    expect(views[0]?.sessionId).not.toBe(session);
  });

  it('sends repeats when off', async () => {
    const p = page('https://www.shop.test/a', { cfg: config({ ro: false }) });
    p.start();
    await go(p, '/b');
    await go(p, '/a');
    expect(p.events()).toHaveLength(3);
  });
});
