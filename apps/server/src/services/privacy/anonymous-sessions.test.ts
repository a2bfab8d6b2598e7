import { describe, expect, it } from 'vitest';
import { createAnonymousSessions } from './anonymous-sessions';

const MINUTE = 60_000;
const T = Date.UTC(2026, 10, 25, 10, 25);

describe('anonymous sessions', () => {
  it('continues a hash visitor’s session while events come within 30 minutes, across a half hour', () => {
    const sessionOf = createAnonymousSessions(() => T);
    const named = (n: string) => () => n;
    expect(sessionOf('h.a', T, named('s1'))).toBe('s1');
    // 10:25 → 10:40 → 11:05: the clock's :30 and :00 end nothing while the visitor stays active.
    expect(sessionOf('h.a', T + 15 * MINUTE, named('s2'))).toBe('s1');
    expect(sessionOf('h.a', T + 40 * MINUTE, named('s3'))).toBe('s1');
    // 31 minutes after the last event: a new session; another visitor has its own.
    expect(sessionOf('h.a', T + 71 * MINUTE, named('s4'))).toBe('s4');
    expect(sessionOf('h.b', T + 71 * MINUTE, named('s5'))).toBe('s5');
  });

  it('keeps a late event of a batch in its session', () => {
    const sessionOf = createAnonymousSessions(() => T);
    expect(sessionOf('h.a', T, () => 's1')).toBe('s1');
    expect(sessionOf('h.a', T - 5 * MINUTE, () => 's2')).toBe('s1');
  });
});
