import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  callAs,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../../test/test-app';
import { collectEvents, pageview } from '../../test/tracked-site.fixture';

/** The customer's site: each path answers with its own HTML and headers. */
const pages: Record<string, { html: string; headers?: Record<string, string>; status?: number }> = {};

describe.each(dialects)('first-run installation API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let siteId: string;
  let site: Server;
  let origin: string;

  beforeAll(async () => {
    site = createServer((req, res) => {
      const page = pages[req.url ?? '/'] ?? { html: 'not found', status: 404 };
      res.writeHead(page.status ?? 200, { 'content-type': 'text/html', ...page.headers });
      res.end(page.html);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://shop.test:${(site.address() as AddressInfo).port}`;
    // shop.test is the customer's domain; the test's resolver sends it to the local site.
    t = await createTestApp(dialect, {}, { postbackNetwork: { resolve: async () => ['127.0.0.1'] } });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    siteId = (
      await callAs(t, alice, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
  });

  const status = async () => (await callAs(t, alice, 'GET', `/api/websites/${siteId}/installation`)).json();
  const check = (path: string, user: SignedIn = alice) =>
    callAs(t, user, 'POST', `/api/websites/${siteId}/installation/check`, { url: `${origin}${path}` });
  const snippet = (id: string) => `<script async src="${PUBLIC_URL}/t.js" data-site="${id}"></script>`;

  it('waits with no event, tells a refused event apart, then sees the first event', async () => {
    expect(await status()).toEqual({ websiteId: siteId, lastEventAt: null, refusal: null });
    await collectEvents(t.app, siteId, [pageview({ url: 'https://other.example/' })]);
    expect((await status()).refusal).toMatchObject({
      reason: 'foreign_origin',
      host: 'other.example',
      count: 1,
    });
    const sent = await collectEvents(t.app, siteId, [pageview()]);
    expect(sent.statusCode).toBe(202);
    const after = await status();
    expect(Date.parse(after.lastEventAt)).toBeGreaterThan(0);
  });

  it('names the likely cause from the page', async () => {
    pages['/none'] = { html: '<html><head><script src="/app.js"></script></head></html>' };
    pages['/other'] = { html: snippet('someone-else') };
    pages['/csp'] = { html: snippet(siteId), headers: { 'content-security-policy': "default-src 'self'" } };
    pages['/csp-connect'] = {
      html: snippet(siteId),
      headers: { 'content-security-policy': `script-src 'self' ${PUBLIC_URL}; connect-src 'self'` },
    };
    pages['/good'] = { html: snippet(siteId) };
    pages['/down'] = { html: 'oops', status: 503 };
    const findings = {
      '/none': 'snippet_missing',
      '/other': 'other_website',
      '/csp': 'csp_blocks_script',
      '/csp-connect': 'csp_blocks_collect',
      '/good': 'snippet_found',
      '/down': 'http_error',
    };
    for (const [path, finding] of Object.entries(findings)) {
      const res = await check(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toMatchObject({ url: `${origin}${path}`, finding });
    }
    expect((await check('/csp')).json().advice).toBe(
      `The page's Content-Security-Policy does not allow scripts from ${PUBLIC_URL}. Add it to script-src.`,
    );
  });

  it('opens only pages of the website’s domains', async () => {
    const res = await callAs(t, alice, 'POST', `/api/websites/${siteId}/installation/check`, {
      url: 'http://169.254.169.254/latest/meta-data',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Give the address of a page on shop.test or its subdomains.',
      field: 'url',
    });
  });

  it('answers 401 without a session and 404 for another user’s website', async () => {
    for (const [method, url] of [
      ['GET', `/api/websites/${siteId}/installation`],
      ['POST', `/api/websites/${siteId}/installation/check`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: as(null), payload: {} })).statusCode).toBe(401);
      const foreign = await t.app.inject({ method, url, headers: as(bob), payload: {} });
      expect(foreign.statusCode).toBe(404);
    }
  });
});

describe('first-run check without private addresses', () => {
  it('refuses a domain that resolves inside the network', async () => {
    const t = await createTestApp(
      'sqlite',
      { postbackAllowPrivate: false },
      { postbackNetwork: { resolve: async () => ['10.0.0.7'] } },
    );
    try {
      const alice = await signUp(t.app);
      const id = (
        await callAs(t, alice, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
      ).json().id;
      const res = await callAs(t, alice, 'POST', `/api/websites/${id}/installation/check`, {});
      expect(res.json()).toMatchObject({
        url: 'https://shop.test/',
        finding: 'refused_address',
        status: null,
      });
      expect(res.json().advice).toContain('10.0.0.7');
    } finally {
      await t.close();
    }
  });
});
