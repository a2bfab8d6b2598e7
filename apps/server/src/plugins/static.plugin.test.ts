import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const ENTRY = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ row: i })))};`;

describe('serving the web app', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ocx-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>OCX</title>');
    // A screen's own page (build/screen-preload.plugin.ts): index.html plus that screen's preloads.
    mkdirSync(join(root, 'screens'));
    writeFileSync(
      join(root, 'screens', 'clicks-log.html'),
      '<!doctype html><title>OCX</title><!-- clicks -->',
    );
    writeFileSync(join(root, 'assets', 'app-1.js'), 'console.log(1)');
    // What the web build writes (build/precompress.plugin.ts): brotli and gzip copies beside the file.
    writeFileSync(join(root, 'assets', 'entry-1.js'), ENTRY);
    writeFileSync(join(root, 'assets', 'entry-1.js.br'), brotliCompressSync(ENTRY));
    writeFileSync(join(root, 'assets', 'entry-1.js.gz'), gzipSync(ENTRY));
    t = await createTestApp('sqlite', { webDist: root });
  });
  afterAll(() => t.close());

  it('answers client routes with index.html and serves hashed assets as immutable', async () => {
    for (const url of ['/', '/website-config', '/analytics/landing-pages/abc']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>OCX</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators; the page keeps its own.
    for (const name of ['etag', 'last-modified', 'accept-ranges'])
      expect(asset.headers[name], name).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.etag).toBeDefined();
  });

  it("answers a screen's address with the page the build wrote for it, any other with index.html", async () => {
    const cookie = 'theme=dark; better-auth.session_token=abc.def';
    for (const url of ['/clicks-log', '/clicks-log?campaign=x']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<!-- clicks -->');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/conversions-log', '/clicks-log/2', '/Clicks-log', '/screens%2fclicks-log']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe('<!doctype html><title>OCX</title>');
    }
  });

  it('answers a browser without a session with index.html: no data preloads that would answer 401', async () => {
    for (const cookie of [
      undefined,
      'theme=dark',
      'better-auth.session_token=',
      'my-better-auth.session_token=x',
    ]) {
      const page = await t.app.inject({
        method: 'GET',
        url: '/clicks-log',
        headers: cookie ? { cookie } : {},
      });
      expect(page.body, String(cookie)).toBe('<!doctype html><title>OCX</title>');
    }
    const secure = await t.app.inject({
      method: 'GET',
      url: '/clicks-log',
      headers: { cookie: '__Secure-better-auth.session_token=abc' },
    });
    expect(secure.body).toContain('<!-- clicks -->');
  });

  it('serves assets of a rebuild without a restart, and 404s a missing asset instead of sending the page', async () => {
    writeFileSync(join(root, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).json()).toEqual({
      error: 'Not found',
    });
  });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br;q=0', 'gzip', gunzipSync],
  ] as const)(
    'sends the precompressed asset for Accept-Encoding %s as %s, cached for a year',
    async (accept, encoding, decompress) => {
      const asset = await t.app.inject({
        method: 'GET',
        url: '/assets/entry-1.js',
        headers: { 'accept-encoding': accept },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers['content-type']).toContain('javascript');
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.rawPayload.length).toBeLessThan(ENTRY.length);
      expect(decompress(asset.rawPayload).toString()).toBe(ENTRY);
    },
  );

  it('sends the plain asset when the client accepts no encoding, still varying on Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/entry-1.js', headers });
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).toBe(ENTRY);
    }
  });

  it('never lets caches keep the page: index.html and the client-route fallback are no-cache with any encoding', async () => {
    for (const url of ['/', '/index.html', '/dashboard']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
