import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database';
import { oneServerAtATime } from '../../db/dialect';
import { dialects } from '../../test/test-app';
import { createTestTarget, type TestTarget } from '../../test/test-database';

describe.each(dialects)('oneServerAtATime on %s', (dialect) => {
  let target: TestTarget;
  const servers: Database[] = [];
  afterAll(async () => {
    for (const db of servers) await db.destroy();
    await target?.drop();
  });

  it('skips a task another server runs, and runs it once that one is done', async () => {
    target = await createTestTarget(dialect);
    // Two app servers: two pools on one database.
    servers.push(openDatabase(target.database), openDatabase(target.database));
    const [a, b] = servers as [Database, Database];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = oneServerAtATime(a.db, a.dialect, 'task:sweep', async () => {
      started();
      await held;
      return 'a';
    });
    await running;
    const during = await oneServerAtATime(b.db, b.dialect, 'task:sweep', async () => 'b');
    const other = await oneServerAtATime(b.db, b.dialect, 'task:other', async () => 'other');
    release();
    expect(await first).toBe('a');
    const after = await oneServerAtATime(b.db, b.dialect, 'task:sweep', async () => 'b');
    // SQLite has one server per file: the task always runs.
    expect({ during, other, after }).toEqual({
      during: dialect === 'postgres' ? null : 'b',
      other: 'other',
      after: 'b',
    });
  });
});
