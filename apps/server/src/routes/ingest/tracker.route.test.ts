import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/test-app';
import { type TrackedSite, trackedSite } from '../../test/tracked-site.fixture';

describe('tracker script and public config', () => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'ocx-tracker-'));
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 't.js'), '!function(){var c="__OCX_COLLECT_PATH__";}();');
    writeFileSync(join(dist, 'x.js'), '!function(){var extras=1;}();');
    t = await createTestApp('sqlite', {
      trackerDist: dist,
      trackerScriptPath: '/js/app.js',
      collectPath: '/e',
    });
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  it('serves the tracker at the configured path with the configured collect path, cacheable and open to all origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/js/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toBe('!function(){var c="/e";}();');
    const again = await t.app.inject({
      method: 'GET',
      url: '/js/app.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/t.js' })).statusCode).toBe(404);
  });

  it('sends the tracker brotli or gzip encoded as accepted, with the same caching and one weak ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/js/app.js' });
    for (const [accept, encoding, decompress] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/js/app.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decompress(res.rawPayload).toString()).toBe('!function(){var c="/e";}();');
      const again = await t.app.inject({
        method: 'GET',
        url: '/js/app.js',
        headers: { 'accept-encoding': accept, 'if-none-match': String(plain.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.etag)).toMatch(/^W\//);
  });

  it('collects at the renamed path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/e',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('gives the tracker its public config: selectors, cookie domain, window, cross domains, options, consent', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/e/config?site=${site.siteId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({
      site: site.siteId,
      cd: '.shop.test',
      cw: 90,
      ro: false,
      xd: ['shop-pay.test'],
      xv: false,
      cs: ['#buy'],
      x: 1,
    });
    expect(res.headers.vary).toBe('Sec-GPC, DNT');
  });

  it('serves the extras (x.js) beside the collect path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/e/x.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.body).toBe('!function(){var extras=1;}();');
  });

  it('tells the tracker when no consent is needed, and refuses for Global Privacy Control (and Do-Not-Track when asked)', async () => {
    const patch = (privacy: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/websites/${site.siteId}`,
        headers: as(site.owner),
        payload: { privacy },
      });
    const config = async () =>
      (await t.app.inject({ method: 'GET', url: `/e/config?site=${site.siteId}` })).json();
    expect((await patch({ consentMode: 'none', respectDnt: true })).json().privacy).toEqual({
      consentMode: 'none',
      respectDnt: true,
      retentionMonths: 25,
    });
    expect(await config()).toMatchObject({ cn: 1 });
    const withHeaders = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: `/e/config?site=${site.siteId}`, headers })).json();
    expect(await withHeaders({ 'sec-gpc': '1' })).toMatchObject({ cn: 0 });
    expect(await withHeaders({ dnt: '1' })).toMatchObject({ cn: 0 });
    await patch({ consentMode: 'require', respectDnt: false });
    expect((await config()).cn).toBeUndefined();
    expect((await withHeaders({ dnt: '1' })).cn).toBeUndefined();
    expect(await withHeaders({ 'sec-gpc': '1' })).toMatchObject({ cn: 0 });
    expect((await config()).dn).toBeUndefined();
  });

  it('follows changes to the website at once on this server', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/websites/${site.siteId}/goals`,
      headers: as(site.owner),
      payload: { name: 'Signup', type: 'click', conditions: { selector: '.signup' } },
    });
    const res = await t.app.inject({ method: 'GET', url: `/e/config?site=${site.siteId}` });
    expect(res.json().cs).toEqual(['#buy', '.signup']);
  });

  it('answers 404 for an unknown website and 400 without one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/e/config?site=nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/e/config' })).statusCode).toBe(400);
  });

  it('says the tracker is not built when its file is missing', async () => {
    const bare = await createTestApp('sqlite', { trackerDist: null });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/t.js' })).statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
