import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

/** JSON that no parser accepts, of about `bytes` bytes. */
const notJson = (bytes: number) => `{"costs": [${'x'.repeat(bytes)}`;

// The website API key routes answer a caller without a valid key before reading its body: a large
// or broken body from anyone costs the server nothing and tells nothing about valid bodies.
describe.each(dialects)('website API key checked before the body on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
    const site = (
      await callAs(t, owner, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
    ).json();
    key = (await callAs(t, owner, 'POST', `/api/websites/${site.id}/api-keys`, { name: 'Script' })).json()
      .key;
  });
  afterAll(() => t.close());

  const post = (url: string, authorization: string | null, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload,
    });

  describe.each([
    ['/api/v1/costs', 6 * 1024 * 1024],
    ['/api/v1/conversions', 1024 * 1024],
  ])('%s', (url, bodyLimit) => {
    it('answers 401 to a 900 KB body without a valid key without parsing it (broken JSON is 401, not 400)', async () => {
      for (const authorization of [null, 'Bearer ocx_not-a-real-key-000000000000000000', 'Basic abc']) {
        const res = await post(url, authorization, notJson(900 * 1024));
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json()).toEqual({ error: 'Invalid API key' });
      }
    });

    it('answers 401, not 413, to a body over the limit without a key: nothing was read', async () => {
      const res = await post(url, null, notJson(bodyLimit + 1024));
      expect(res.statusCode).toBe(401);
    });

    it('reads the body once the key is valid (broken JSON is then 400, an oversized body 413)', async () => {
      expect((await post(url, `Bearer ${key}`, notJson(1024))).statusCode).toBe(400);
      expect((await post(url, `Bearer ${key}`, notJson(bodyLimit + 1024))).statusCode).toBe(413);
    });
  });
});
