import { CompiledQuery, type DatabaseConnection } from 'kysely';
import { describe, expect, it } from 'vitest';
import { waitingWhenBusy } from './sqlite-busy-wait';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

function failing(times: number, error: () => Error): DatabaseConnection & { calls: number } {
  const connection = {
    calls: 0,
    async executeQuery() {
      connection.calls += 1;
      if (connection.calls <= times) throw error();
      return { rows: [{ ok: 1 }] };
    },
    streamQuery(): AsyncIterableIterator<never> {
      throw new Error('not streamed here');
    },
  };
  return connection as DatabaseConnection & { calls: number };
}

const query = CompiledQuery.raw('insert into t values (1)');

describe('waitingWhenBusy', () => {
  it('runs the statement again once the file is no longer busy', async () => {
    const connection = failing(3, busy);
    await expect(waitingWhenBusy(connection).executeQuery(query)).resolves.toEqual({ rows: [{ ok: 1 }] });
    expect(connection.calls).toBe(4);
  });

  it('fails with SQLITE_BUSY once it has waited its limit', async () => {
    const connection = failing(Number.POSITIVE_INFINITY, busy);
    const started = Date.now();
    await expect(waitingWhenBusy(connection, 40).executeQuery(query)).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('passes any other error on at once', async () => {
    const connection = failing(1, () =>
      Object.assign(new Error('no such table: t'), { code: 'SQLITE_ERROR' }),
    );
    await expect(waitingWhenBusy(connection).executeQuery(query)).rejects.toThrow('no such table');
    expect(connection.calls).toBe(1);
  });
});
