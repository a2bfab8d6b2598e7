import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundle } from '../build-options.mjs';

/** docs/decisions.md#performance-budgets: the tracker ships at most this many bytes gzipped (gzip -9). */
const BUDGET = 1500;
/** x.js, loaded only for websites with click selectors or cross domains, or waiting for consent. */
const EXTRAS_BUDGET = 700;

let code = '';
let gzipBytes = 0;
let extras = { code: '', gzipBytes: 0 };

beforeAll(async () => {
  ({ code, gzipBytes } = await bundle());
  extras = await bundle('src/extras-main.ts');
  console.log(`dist/t.js: ${code.length} bytes, ${gzipBytes} bytes gzipped (budget ${BUDGET})`);
  console.log(
    `dist/x.js: ${extras.code.length} bytes, ${extras.gzipBytes} bytes gzipped (budget ${EXTRAS_BUDGET})`,
  );
}, 60_000);

describe('the built tracker (same esbuild options as build.mjs)', () => {
  it(`is at most ${BUDGET} bytes gzipped`, () => {
    expect(gzipBytes).toBeGreaterThan(0);
    expect(gzipBytes).toBeLessThanOrEqual(BUDGET);
  });

  it(`ships its extras (x.js) in at most ${EXTRAS_BUDGET} bytes gzipped, one IIFE`, () => {
    expect(extras.gzipBytes).toBeGreaterThan(0);
    expect(extras.gzipBytes).toBeLessThanOrEqual(EXTRAS_BUDGET);
    expect(extras.code.startsWith('(()=>{')).toBe(true);
  });

  it('contains the collect path placeholder exactly once, for the server to substitute', () => {
    expect(code.split('__OCX_COLLECT_PATH__')).toHaveLength(2);
  });

  it('is one self-contained IIFE without zod or other imports', () => {
    expect(code.startsWith('(()=>{')).toBe(true);
    expect(code).not.toMatch(/\bimport\b|\brequire\(|zod|ZodError/);
  });

  it('runs in a page: finds its script tag and sends the pageview to the substituted collect path', async () => {
    const window = new Window({
      url: 'https://www.shop.test/landing?utm_source=news',
      settings: { enableJavaScriptEvaluation: true, suppressCodeGenerationFromStringsWarning: true },
    });
    try {
      window.document.head.innerHTML =
        '<script type="text/x-not-loaded-in-tests" async src="https://track.shop.test/t.js" data-site="w1"></script>';
      const requests: { url: string; body?: string }[] = [];
      const fetch = vi.fn(async (url: string, init?: { body?: string }) => {
        requests.push({ url, body: init?.body });
        return url.includes('/config?')
          ? new Response('{"cd":".shop.test"}', { status: 200 })
          : new Response(null, { status: 202 });
      });
      Object.assign(window, { fetch });
      Object.defineProperty(window.document, 'currentScript', {
        value: window.document.querySelector('script'),
        configurable: true,
      });
      window.eval(code.replace('__OCX_COLLECT_PATH__', '/api/collect'));
      await vi.waitFor(() => expect(requests).toHaveLength(2));
      expect(requests[0]?.url).toBe('https://track.shop.test/api/collect/config?site=w1');
      expect(requests[1]?.url).toBe('https://track.shop.test/api/collect');
      const body = JSON.parse(requests[1]?.body ?? '{}');
      expect(body.site).toBe('w1');
      expect(body.events[0]).toMatchObject({
        type: 'pageview',
        url: 'https://www.shop.test/landing?utm_source=news',
      });
      expect(typeof (window as unknown as { ocx?: unknown }).ocx).toBe('function');
    } finally {
      await window.happyDOM.close();
    }
  });
});
