import { describe, expect, it } from 'vitest';
import { hashIdentity, isHashVisitor } from './hash-visitor';

/** Reversed, so the part of the input that differs comes first and survives the cut to 30 characters. */
const hash = (text: string) => [...text].reverse().join('');
const hit = {
  salt: 'salt-of-today',
  websiteId: 'w1',
  ip: '203.0.113.7',
  userAgent: 'UA',
  ts: Date.UTC(2026, 10, 25, 10, 0),
};

describe('hashIdentity', () => {
  it('keeps a visitor for the salt and a session for 30 minutes', () => {
    const first = hashIdentity(hit, hash);
    const later = hashIdentity({ ...hit, ts: hit.ts + 40 * 60_000 }, hash);
    expect(later.visitorId).toBe(first.visitorId);
    expect(later.sessionId).not.toBe(first.sessionId);
    expect(hashIdentity({ ...hit, ts: hit.ts + 10 * 60_000 }, hash)).toEqual(first);
  });

  it('gives another visitor with the next salt, on another website and for another address or agent', () => {
    const same = hashIdentity(hit, hash).visitorId;
    const other = (change: Partial<typeof hit>) => hashIdentity({ ...hit, ...change }, hash).visitorId;
    expect(other({ salt: 'salt-of-tomorrow' })).not.toBe(same);
    expect(other({ websiteId: 'w2' })).not.toBe(same);
    expect(other({ ip: '203.0.113.8' })).not.toBe(same);
    expect(other({ userAgent: 'UA2' })).not.toBe(same);
    expect(isHashVisitor(same)).toBe(true);
  });

  it('marks derived ids so that no tracker id can be one', () => {
    expect(hashIdentity(hit, hash).visitorId.startsWith('h.')).toBe(true);
    expect(isHashVisitor('3021577406_17_1_2')).toBe(false);
  });
});
