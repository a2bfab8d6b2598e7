import { describe, expect, it } from 'vitest';
import { continueSession, hashIdentity, isHashVisitor } from './hash-visitor';

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
  it('keeps a visitor for the salt, and names a new session after the event that starts it', () => {
    const first = hashIdentity(hit, hash);
    const later = hashIdentity({ ...hit, ts: hit.ts + 40 * 60_000 }, hash);
    expect(later.visitorId).toBe(first.visitorId);
    expect(later.newSessionId).not.toBe(first.newSessionId);
    expect(hashIdentity(hit, hash)).toEqual(first);
  });

  it('continues a session while events come within 30 minutes of the last, whatever the clock says', () => {
    const start = () => 'new';
    const mark = continueSession(undefined, hit.ts, () => 's1');
    expect(mark).toEqual({ sessionId: 's1', lastTs: hit.ts });
    const next = continueSession(mark, hit.ts + 29 * 60_000, start);
    expect(next).toEqual({ sessionId: 's1', lastTs: hit.ts + 29 * 60_000 });
    expect(continueSession(next, hit.ts + 58 * 60_000, start).sessionId).toBe('s1');
    expect(continueSession(next, hit.ts + 60 * 60_000, start).sessionId).toBe('new');
    // An event of a batch that arrives after a later one stays in the session and keeps its end.
    expect(continueSession(next, hit.ts + 10 * 60_000, start)).toEqual(next);
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
