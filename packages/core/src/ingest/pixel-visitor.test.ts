import { describe, expect, it } from 'vitest';
import { pixelIdentity } from './pixel-visitor';

const hash = (text: string) => text;
const hit = {
  secret: 's',
  websiteId: 'w1',
  ip: '203.0.113.7',
  userAgent: 'UA',
  now: Date.UTC(2026, 10, 25, 10, 0),
};

describe('pixelIdentity', () => {
  it('keeps a visitor for the day and a session for 30 minutes', () => {
    const first = pixelIdentity(hit, hash);
    const later = pixelIdentity({ ...hit, now: hit.now + 40 * 60_000 }, hash);
    expect(later.visitorId).toBe(first.visitorId);
    expect(later.sessionId).not.toBe(first.sessionId);
    expect(pixelIdentity({ ...hit, now: hit.now + 10 * 60_000 }, hash)).toEqual(first);
  });

  it('gives another visitor the next day, on another website and for another address', () => {
    const { visitorId } = pixelIdentity(hit, hash);
    expect(pixelIdentity({ ...hit, now: hit.now + 86_400_000 }, hash).visitorId).not.toBe(visitorId);
    expect(pixelIdentity({ ...hit, websiteId: 'w2' }, hash).visitorId).not.toBe(visitorId);
    expect(pixelIdentity({ ...hit, ip: '203.0.113.8' }, hash).visitorId).not.toBe(visitorId);
  });

  it('salts with the secret', () => {
    expect(pixelIdentity({ ...hit, secret: 't' }, hash).visitorId).not.toBe(
      pixelIdentity(hit, hash).visitorId,
    );
  });
});
