import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the millisecond', () => {
    // Later than any id made before in this worker (other files share the module with isolate:
    // false): an earlier time would give the last id's millisecond, which never goes backwards.
    const at = Date.UTC(2100, 0, 1, 8, 0, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts in the order the ids were made, also many within one millisecond', () => {
    const now = Date.UTC(2030, 0, 1);
    const ids = Array.from({ length: 10_000 }, () => timeOrderedId(now));
    ids.push(timeOrderedId(now + 1), timeOrderedId(now + 5_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never goes backwards when the clock does', () => {
    const later = timeOrderedId(Date.UTC(2031, 0, 1));
    expect(timeOrderedId(Date.UTC(2020, 0, 1)) > later).toBe(true);
  });
});
