import { describe, expect, it } from 'vitest';
import type { Incoming, IngestEvent, IngestPorts, IngestWebsite } from './ingest-types';
import { isDrop } from './ingest-types';
import { runPipeline } from './pipeline';

const website: IngestWebsite = {
  id: 'site-1',
  rootDomain: 'www.shop.test',
  crossDomains: ['shop-checkout.test'],
  ipAnonymization: false,
  goals: [
    {
      id: 'g-thanks',
      name: 'Thank you page',
      type: 'pageview',
      conditions: { path: '/thank-you' },
      value: 10,
    },
    { id: 'g-buy', name: 'Buy click', type: 'click', conditions: { selector: '#buy' }, value: null },
    { id: 'g-purchase', name: 'Purchase', type: 'event', conditions: { event: 'purchase' }, value: null },
  ],
};

const ports: IngestPorts = {
  website: async (id) =>
    id === website.id ? website : id === 'no-domain' ? { ...website, id, rootDomain: '' } : null,
  campaignByOcxid: async (_site, ocxid) =>
    ocxid === 'a'.repeat(32)
      ? { id: 'camp-A', network: 'Google Ads', utmSource: 'google', utmMedium: 'Search' }
      : ocxid === 'c'.repeat(32)
        ? { id: 'camp-news', network: 'Newsletter', utmSource: null, utmMedium: null }
        : null,
  locate: (ip) =>
    ip.startsWith('81.')
      ? { country: 'GB', region: 'England, GB', city: 'London, England, GB' }
      : { country: null, region: null, city: null },
  isBot: (ua) => /bot|crawler/i.test(ua),
  parseUserAgent: () => ({ deviceType: 'desktop', browser: 'Chrome', os: 'Linux' }),
  visitorSalt: async () => 'salt-of-today',
  hash: fnv1a,
  anonymousSession: (_visitorId, _ts, startNew) => startNew(),
};

const NOW = 1_800_000_000_000;

/** FNV-1a as hex: a stand-in for the server's sha256 that any changed character changes. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(4);
}
const ids = { visitorId: 'visitor-0001', sessionId: 'session-0001', eventId: 'event-00001' };

function incoming(event: Record<string, unknown>, overrides: Partial<Incoming> = {}): Incoming {
  return {
    site: website.id,
    payload: { type: 'pageview', url: 'https://shop.test/', ...ids, ...event },
    ip: '81.2.69.142',
    userAgent: 'Mozilla/5.0 Chrome/120',
    receivedAt: NOW,
    ...overrides,
  };
}

async function accepted(input: Incoming): Promise<IngestEvent> {
  const result = await runPipeline(input, ports);
  if (isDrop(result)) throw new Error(`dropped: ${result.drop} ${result.detail ?? ''}`);
  return result;
}

describe('ingestion pipeline', () => {
  it('enriches a campaign landing: UTM, ocxid → campaign, gclid, paid channel, country and device', async () => {
    const event = await accepted(
      incoming({
        url: `https://shop.test/landing?ocxid=${'a'.repeat(32)}&utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=EAIaIQ-x_1`,
        referrer: 'https://www.google.com/',
        title: 'Spring sale',
      }),
    );
    expect(event).toMatchObject({
      websiteId: 'site-1',
      host: 'shop.test',
      path: '/landing',
      campaignId: 'camp-A',
      ocxid: 'a'.repeat(32),
      utm: { source: 'google', medium: 'cpc', campaign: 'spring', term: null, content: null },
      clickIdType: 'gclid',
      clickId: 'EAIaIQ-x_1',
      referrerDomain: 'www.google.com',
      channel: 'paid',
      country: 'GB',
      deviceType: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      title: 'Spring sale',
      ts: NOW,
      notices: [],
    });
  });

  it('keeps an event with a malformed click id: removes the id, notes it, and still counts it as paid', async () => {
    const event = await accepted(
      incoming({ url: 'https://shop.test/?gclid=bad%20id', referrer: 'https://news.example.org/a' }),
    );
    expect(event.clickId).toBeNull();
    expect(event.notices).toEqual(['invalid_click_id']);
    expect(event.channel).toBe('paid');
  });

  it('keeps the valid click id a malformed one comes before', async () => {
    const event = await accepted(incoming({ url: 'https://shop.test/?gclid=bad.value&fbclid=IwAR0abc' }));
    expect(event).toMatchObject({
      clickIdType: 'fbclid',
      clickId: 'IwAR0abc',
      channel: 'paid',
      notices: ['invalid_click_id'],
    });
  });

  it('classifies a campaign link by its campaign, with or without a referrer', async () => {
    const paid = await accepted(incoming({ url: `https://shop.test/?ocxid=${'a'.repeat(32)}` }));
    expect(paid).toMatchObject({ campaignId: 'camp-A', channel: 'paid', referrerDomain: null });
    const email = await accepted(
      incoming({ url: `https://shop.test/?ocxid=${'c'.repeat(32)}`, referrer: 'https://l.facebook.com/' }),
    );
    expect(email).toMatchObject({
      campaignId: 'camp-news',
      channel: 'email',
      referrerDomain: 'l.facebook.com',
    });
  });

  it('takes an app referrer by its package: the channel it names and the package as referrer domain', async () => {
    const gmail = await accepted(incoming({ referrer: 'android-app://com.google.android.gm/' }));
    expect(gmail).toMatchObject({ channel: 'email', referrerDomain: 'com.google.android.gm' });
    const other = await accepted(incoming({ referrer: 'android-app://com.example.reader/' }));
    expect(other).toMatchObject({ channel: 'referral', referrerDomain: 'com.example.reader' });
  });

  it('notes an ocxid that names no campaign of this website', async () => {
    const event = await accepted(incoming({ url: `https://shop.test/?ocxid=${'b'.repeat(32)}` }));
    expect(event.campaignId).toBeNull();
    expect(event.notices).toEqual(['unknown_ocxid']);
  });

  it("treats the website's own pages as no referrer", async () => {
    const internal = await accepted(incoming({ referrer: 'https://blog.shop.test/post' }));
    expect(internal.referrerDomain).toBeNull();
    expect(internal.channel).toBe('direct');
    const crossDomain = await accepted(incoming({ referrer: 'https://shop-checkout.test/cart' }));
    expect(crossDomain.referrerDomain).toBeNull();
  });

  it.each([
    [{ payload: { type: 'pageview' } }, 'invalid'],
    [{ payload: { ...ids, type: 'pageview', url: 'javascript:alert(1)' } }, 'invalid'],
    [{ payload: { ...ids, type: 'custom', url: 'https://shop.test/' } }, 'invalid'],
    [{ userAgent: 'Googlebot/2.1' }, 'bot'],
    [{ site: 'nope' }, 'unknown_website'],
    [{ site: 'no-domain' }, 'domain_not_configured'],
    [{ payload: { ...ids, type: 'pageview', url: 'https://evil.example/' } }, 'foreign_origin'],
    [{ payload: { ...ids, type: 'pageview', url: 'https://notshop.test/' } }, 'foreign_origin'],
  ] as const)('drops %j as %s', async (override, reason) => {
    const result = await runPipeline({ ...incoming({}), ...override }, ports);
    expect(isDrop(result) && result.drop).toBe(reason);
  });

  it('cuts an overlong title and referrer instead of refusing the event', async () => {
    const event = await accepted(
      incoming({ title: 't'.repeat(600), referrer: `https://news.example.org/${'r'.repeat(3000)}` }),
    );
    expect(event.title).toHaveLength(512);
    expect(event.referrer).toHaveLength(2048);
  });

  it('says what is invalid', async () => {
    const result = await runPipeline(incoming({ value: 'ten' }), ports);
    expect(result).toEqual({ drop: 'invalid', detail: expect.stringMatching(/^value: /) });
  });

  it('accepts subdomains of the root domain and the cross-domain list', async () => {
    await expect(accepted(incoming({ url: 'https://checkout.shop.test/pay' }))).resolves.toMatchObject({
      host: 'checkout.shop.test',
    });
    await expect(accepted(incoming({ url: 'https://shop-checkout.test/pay' }))).resolves.toMatchObject({
      path: '/pay',
    });
  });

  it('keeps a queued event time from the last 7 days, and uses server time otherwise', async () => {
    const sixDaysAgo = NOW - 6 * 86_400_000;
    expect((await accepted(incoming({ ts: sixDaysAgo }))).ts).toBe(sixDaysAgo);
    expect((await accepted(incoming({ ts: NOW - 8 * 86_400_000 }))).ts).toBe(NOW);
    expect((await accepted(incoming({ ts: NOW + 4 * 60_000 }))).ts).toBe(NOW + 4 * 60_000);
    expect((await accepted(incoming({ ts: NOW + 6 * 60_000 }))).ts).toBe(NOW);
  });

  it('anonymizes the IP after geolocating when the website asks', async () => {
    const anonymous = { ...ports, website: async () => ({ ...website, ipAnonymization: true }) };
    const result = await runPipeline(incoming({}), anonymous);
    expect(result).toMatchObject({
      ip: '81.2.69.0',
      country: 'GB',
      region: 'England, GB',
      city: 'London, England, GB',
    });
  });

  it('derives a hash visitor and session from the full address when the event carries no visitor id', async () => {
    const anonymous = { ...ports, website: async () => ({ ...website, ipAnonymization: true }) };
    const { visitorId: _v, sessionId: _s, ...withoutIds } = ids;
    const bare = { ...incoming({}), payload: { type: 'pageview', url: 'https://shop.test/', ...withoutIds } };
    const first = await runPipeline(bare, anonymous);
    const otherHost = await runPipeline({ ...bare, ip: '81.2.69.143' }, anonymous);
    if (isDrop(first) || isDrop(otherHost)) throw new Error('dropped');
    expect(first.visitorId).toMatch(/^h\./);
    expect(first.sessionId).toMatch(/^h\./);
    // Same /24, another address: another visitor, so the hash saw the address before it was cut.
    expect(otherHost.visitorId).not.toBe(first.visitorId);
    expect(first.ip).toBe('81.2.69.0');
    expect((await accepted(incoming({}))).visitorId).toBe('visitor-0001');
  });

  it('names the hash visitor a granted consent event leaves behind, and keeps its visitor id', async () => {
    const { visitorId: _v, sessionId: _s, ...withoutIds } = ids;
    const before = await accepted({
      ...incoming({}),
      payload: { type: 'pageview', url: 'https://shop.test/', ...withoutIds },
    });
    const granted = await accepted(incoming({ type: 'consent', granted: true }));
    expect(granted.visitorId).toBe('visitor-0001');
    expect(granted.linkFrom).toBe(before.visitorId);
    expect((await accepted(incoming({ type: 'consent', granted: false }))).linkFrom).toBeNull();
    expect((await accepted(incoming({}))).linkFrom).toBeNull();
  });

  it('refuses a visitor id without a session id', async () => {
    const { sessionId: _s, ...withoutSession } = ids;
    const result = await runPipeline(
      { ...incoming({}), payload: { type: 'pageview', url: 'https://shop.test/', ...withoutSession } },
      ports,
    );
    expect(result).toMatchObject({ drop: 'invalid' });
  });

  it('matches pageview, click and event goals with the event value or the goal value', async () => {
    const thanks = await accepted(incoming({ url: 'https://shop.test/checkout/Thank-You?order=1' }));
    expect(thanks.goalMatches).toEqual([
      { goalId: 'g-thanks', goalName: 'Thank you page', value: 10, currency: 'USD' },
    ]);
    const click = await accepted(incoming({ type: 'click', selector: '#buy' }));
    expect(click.goalMatches.map((m) => m.goalId)).toEqual(['g-buy']);
    const purchase = await accepted(
      incoming({ type: 'custom', name: 'purchase', value: 49.9, currency: 'eur' }),
    );
    expect(purchase.goalMatches).toEqual([
      { goalId: 'g-purchase', goalName: 'Purchase', value: 49.9, currency: 'EUR' },
    ]);
    const other = await accepted(incoming({ type: 'custom', name: 'newsletter' }));
    expect(other.goalMatches).toEqual([]);
  });
});
