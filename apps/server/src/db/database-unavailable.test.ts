import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database unavailable', () => {
  it.each([
    coded('ECONNREFUSED'),
    coded('57P01', 'terminating connection due to administrator command'),
    coded('08006'),
    coded('SQLITE_BUSY'),
    coded('SQLITE_FULL'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    Object.assign(new Error('wrapped'), { cause: coded('ECONNRESET') }),
  ])('recognises %s', (error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    coded('23505', 'duplicate key'),
    coded('22P05', 'unsupported Unicode escape sequence'),
    coded('SQLITE_CONSTRAINT_UNIQUE'),
    new Error('boom'),
    null,
  ])('leaves query errors alone: %s', (error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
