import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { CHROME_UA, type TrackedSite, trackedSite } from '../test/tracked-site.fixture';

/** mulberry32: a seeded generator, so a failing payload can be reproduced. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('collect under 10,000 random payloads', () => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  it('never answers 5xx and never crashes', async () => {
    const random = prng(20261121);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const str = () => {
      const length = Math.floor(random() * 40);
      return Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join('');
    };
    const scalar = (): unknown =>
      pick([
        null,
        true,
        false,
        0,
        -1,
        Number.POSITIVE_INFINITY,
        Number.NaN,
        2 ** 53,
        random() * 1e6,
        str(),
        '',
        'https://shop.test/x',
        site.siteId,
      ]);
    const value = (depth: number): unknown => {
      if (depth > 3 || random() < 0.5) return scalar();
      if (random() < 0.5) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 5) }, () => [
          pick(['type', 'url', 'site', 'events', 'ts', 'value', 'props', str()]),
          value(depth + 1),
        ]),
      );
    };
    const plausibleEvent = () => ({
      type: pick(['pageview', 'click', 'custom', 'identify', 'nope', 7]),
      url: pick([
        'https://shop.test/',
        'https://evil.test/',
        'ftp://shop.test',
        str(),
        `https://shop.test/?gclid=${str()}`,
      ]),
      visitorId: pick(['visitor0001', str(), 12]),
      sessionId: pick(['session0001', str()]),
      eventId: pick([`fuzz${Math.floor(random() * 1e9)}`, str()]),
      ...(random() < 0.5 ? { value: scalar(), currency: pick(['USD', 'usd', 'EURO', str()]) } : {}),
      ...(random() < 0.3 ? { props: value(1) } : {}),
      ...(random() < 0.3 ? { ts: scalar() } : {}),
      ...(random() < 0.3 ? { name: scalar(), selector: scalar(), userId: scalar() } : {}),
    });
    const body = (): string => {
      const kind = random();
      if (kind < 0.15) return str();
      if (kind < 0.35) return JSON.stringify(value(0));
      const events = Array.from({ length: Math.floor(random() * 5) }, () =>
        random() < 0.8 ? plausibleEvent() : value(1),
      );
      return JSON.stringify({ site: pick([site.siteId, site.siteId, str(), 42]), events });
    };

    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const payload = body();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/collect',
        headers: { 'content-type': pick(['text/plain', 'application/json']), 'user-agent': CHROME_UA },
        payload,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) throw new Error(`5xx for payload ${JSON.stringify(payload)}: ${res.body}`);
    }
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    // Both outcomes occur: the fuzzer reaches the pipeline as well as the body checks.
    expect(statuses.get(202)).toBeGreaterThan(1000);
    expect(statuses.get(400)).toBeGreaterThan(1000);
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.status).toBe('ok');
  }, 180_000);
});
