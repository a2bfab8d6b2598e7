import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, PUBLIC_URL, type TestApp } from '../../test/test-app';
import {
  CHROME_UA,
  pageview,
  type TrackedSite,
  trackedSite,
  trackerId,
} from '../../test/tracked-site.fixture';

// TRUST_PROXY=1: the proxy in front appends the address it saw to X-Forwarded-For; whatever the
// client wrote there before is not its address (rate limits, country, stored address).
describe.each(dialects)('client addresses behind one proxy (TRUST_PROXY=1) on %s', (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    t = await createTestApp(dialect, { trustProxy: 1, collectRateLimit: 2, authRateLimit: 2 });
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  /** A request as the proxy forwards it: the client's own header, then the address the proxy saw. */
  const collect = (clientHeader: string, realAddress: string, events: object[] = [pageview()]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/collect',
      remoteAddress: '127.0.0.1',
      headers: {
        'content-type': 'text/plain',
        'user-agent': CHROME_UA,
        'x-forwarded-for': `${clientHeader}, ${realAddress}`,
      },
      payload: JSON.stringify({ site: site.siteId, events }),
    });

  it('stores the country and address the proxy saw, not the one the client wrote', async () => {
    const visitorId = trackerId('spoof');
    // 8.8.8.8 would be the United States; 81.2.69.142 is Great Britain.
    const res = await collect('8.8.8.8', '81.2.69.142', [
      pageview({ visitorId, sessionId: visitorId, url: 'https://shop.test/?utm_source=news' }),
    ]);
    expect(res.statusCode).toBe(202);
    const clicks = (
      await t.app.inject({
        method: 'GET',
        url: `/api/clicks?websiteId=${site.siteId}`,
        headers: as(site.owner),
      })
    ).json() as { visitor_id: string; country: string; ip_address: string }[];
    const click = clicks.find((c) => c.visitor_id === visitorId);
    expect({ country: click?.country, ip: click?.ip_address }).toEqual({ country: 'GB', ip: '81.2.69.0' });
  });

  it('counts collect requests against the address the proxy saw, whatever the client adds', async () => {
    const codes: number[] = [];
    for (const spoof of ['1.1.1.1', '9.9.9.9', '4.4.4.4', '1.0.0.1'])
      codes.push((await collect(spoof, '2.125.160.216')).statusCode);
    expect(codes).toEqual([202, 202, 429, 429]);
    // Another client behind the same proxy still gets through.
    expect((await collect('1.1.1.1', '2.125.160.217')).statusCode).toBe(202);
  });

  it('counts an IPv6 client by its /64', async () => {
    const codes: number[] = [];
    for (const host of ['1', '2', 'abcd:1', 'ffff:ffff:ffff'])
      codes.push((await collect('5.5.5.5', `2a02:c7f:1234:5678::${host}`)).statusCode);
    expect(codes).toEqual([202, 202, 429, 429]);
    expect((await collect('5.5.5.5', '2a02:c7f:1234:5679::1')).statusCode).toBe(202);
  });

  it('counts sign-in attempts against the address the proxy saw', async () => {
    const codes: number[] = [];
    for (const spoof of ['1.1.1.1', '9.9.9.9', '4.4.4.4']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '127.0.0.1',
        headers: { origin: PUBLIC_URL, 'x-forwarded-for': `${spoof}, 2.125.160.218` },
        payload: { email: 'nobody@example.com', password: 'wrong password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 429]);
  });
});
