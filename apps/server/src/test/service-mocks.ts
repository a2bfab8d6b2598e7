import { type Mocked, vi } from 'vitest';

/**
 * A typed stand-in for any dependency of a service (a repository, a port, another service), in
 * the manner of Immich's automock: every method is a `vi.fn()` made on first use, so a test sets
 * only the answers it needs (`repo.find.mockResolvedValue(…)`) and the compiler checks their types.
 * A method the test did not set answers undefined, which a service under test treats as "none".
 */
export function mockOf<T extends object>(answers: Partial<T> = {}): Mocked<T> {
  const made = new Map<PropertyKey, unknown>(Object.entries(answers));
  return new Proxy({} as Mocked<T>, {
    get(_target, key) {
      // Promise resolution probes `then`; a mock is not a promise.
      if (key === 'then') return undefined;
      if (!made.has(key)) made.set(key, vi.fn());
      return made.get(key);
    },
    has: (_target, key) => key !== 'then',
  });
}
