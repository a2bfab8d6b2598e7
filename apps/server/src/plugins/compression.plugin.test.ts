import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/test-app';
import { CHROME_UA, type TrackedSite, trackedSite } from '../test/tracked-site.fixture';

describe('compressing API answers', () => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  const websites = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/websites/${site.siteId}`,
      headers: { ...as(site.owner), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('compresses a JSON answer over 1 KB with brotli or gzip, as the client asks', async () => {
    const plain = await websites();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await websites('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await websites('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 1 KB alone', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...as(site.owner), 'accept-encoding': 'br, gzip' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
  });

  it("never compresses the collect endpoint's answer, however large", async () => {
    // Fifty events without a url are each dropped with a reason: an answer well over 1 KB.
    const events = Array.from({ length: 50 }, () => ({ type: 'pageview' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME_UA, 'accept-encoding': 'br, gzip' },
      payload: JSON.stringify({ site: site.siteId, events }),
    });
    expect(res.statusCode).toBe(202);
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().dropped).toHaveLength(50);
  });
});
