// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, teardown } from './test-support';

afterEach(() => {
  delete (document as { currentScript?: unknown }).currentScript;
  teardown();
});

/** Script tags as a page has them; `type` only keeps happy-dom from fetching them. */
const scripts = (...attrs: string[]) =>
  attrs.map((a) => `<script type="text/x-not-loaded-in-tests" ${a}></script>`).join('');

/** Runs main.ts as the browser runs t.js. */
const load = async () => {
  vi.resetModules();
  await import('./main');
};

describe('main', () => {
  it('reads data-site and the script origin from document.currentScript', async () => {
    const p = page('https://www.shop.test/');
    document.head.innerHTML = scripts(
      'src="https://track.shop.test/t.js" data-site="site-1"',
      'src="https://cdn.test/x.js" data-site="other"',
    );
    const current = document.querySelector('script');
    Object.defineProperty(document, 'currentScript', { value: current, configurable: true });
    await load();
    await p.tick();
    expect(p.configRequests[0]?.url).toBe('https://track.shop.test/__OCX_COLLECT_PATH__/config?site=site-1');
    expect(p.sent[0]?.url).toBe('https://track.shop.test/__OCX_COLLECT_PATH__');
    expect(p.sent[0]?.body.site).toBe('site-1');
  });

  it('does nothing and does not throw when there is no current script', async () => {
    const p = page('https://www.shop.test/');
    document.head.innerHTML = scripts('async src="https://track.shop.test/t.js" data-site="site-2"');
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    await expect(load()).resolves.toBeUndefined();
    await p.tick();
    expect(p.fetch).not.toHaveBeenCalled();
  });

  it('does nothing and does not throw without a data-site', async () => {
    const p = page('https://www.shop.test/');
    document.head.innerHTML = scripts('src="https://track.shop.test/t.js"');
    await expect(load()).resolves.toBeUndefined();
    await p.tick();
    expect(p.fetch).not.toHaveBeenCalled();
  });
});
