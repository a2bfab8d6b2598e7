import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { insertWebsites } from '../../test/websites.fixture';
import { SqlEventStore } from '../events/event-store.sql';
import { cutOldAddresses } from './old-addresses';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const BEFORE = NOW - 30 * DAY;

describe.each(dialects)('cutOldAddresses on %s', (dialect) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function setUp() {
    const { database, close } = await createTestDatabase(dialect);
    closers.push(close);
    await insertWebsites(database, ['w1', 'w2'], NOW);
    return database;
  }
  const event = (websiteId: string, visitor: string, ts: number, ip = '81.2.69.142') =>
    ingestEvent({ websiteId, ip, ts, visitorId: visitor, sessionId: visitor, eventId: `${visitor}-e` });
  const ips = async (database: Database, websiteId: string) =>
    (
      await database.db
        .selectFrom('event')
        .select(['visitor_id', 'ip'])
        .where('website_id', '=', websiteId)
        .orderBy('visitor_id')
        .execute()
    ).map((r) => `${r.visitor_id}=${r.ip}`);

  it('reads a batch at a time from where it stopped, cuts only old rows of that website, then finds nothing', async () => {
    const database = await setUp();
    const rows = Array.from({ length: 5 }, (_, i) => event('w1', `v${i}`, BEFORE - (10 - i) * 60_000));
    await new SqlEventStore(database.db, database.dialect).commit([
      ...rows,
      event('w1', 'young', BEFORE + 60_000, '81.2.69.150'),
      event('w2', 'other', BEFORE - DAY),
    ]);
    const first = await cutOldAddresses(database.db, 'w1', BEFORE, 2);
    expect(first).toMatchObject({ read: 4, cut: 4, more: true }); // two events and two clicks
    expect(await ips(database, 'w1')).toEqual([
      'v0=81.2.69.0',
      'v1=81.2.69.0',
      'v2=81.2.69.142',
      'v3=81.2.69.142',
      'v4=81.2.69.142',
      'young=81.2.69.150',
    ]);
    let passes = 1;
    while ((await cutOldAddresses(database.db, 'w1', BEFORE, 2)).more) passes += 1;
    expect(passes).toBeLessThanOrEqual(4);
    expect(await ips(database, 'w1')).toEqual([
      'v0=81.2.69.0',
      'v1=81.2.69.0',
      'v2=81.2.69.0',
      'v3=81.2.69.0',
      'v4=81.2.69.0',
      'young=81.2.69.150',
    ]);
    expect(await ips(database, 'w2')).toEqual(['other=81.2.69.142']);
    expect(await cutOldAddresses(database.db, 'w1', BEFORE, 2)).toEqual({ read: 0, cut: 0, more: false });
    // A day later the young row is old: the next pass reads it, and only it.
    expect(await cutOldAddresses(database.db, 'w1', BEFORE + DAY, 2)).toMatchObject({ read: 2, cut: 2 });
    expect(await ips(database, 'w1')).toContain('young=81.2.69.0');
  });

  it('gets past more rows at one moment than a batch holds', async () => {
    const database = await setUp();
    const at = BEFORE - DAY;
    await new SqlEventStore(database.db, database.dialect).commit(
      Array.from({ length: 5 }, (_, i) => event('w1', `same${i}`, at, '2001:db8:1:2:3:4:5:6')),
    );
    for (let i = 0; i < 4 && (await cutOldAddresses(database.db, 'w1', BEFORE, 2)).read > 0; i++);
    expect(new Set((await ips(database, 'w1')).map((r) => r.split('=')[1]))).toEqual(
      new Set(['2001:db8:1::']),
    );
    expect(await cutOldAddresses(database.db, 'w1', BEFORE, 2)).toEqual({ read: 0, cut: 0, more: false });
  });
});
