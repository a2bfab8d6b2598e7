import { afterEach, describe, expect, it } from 'vitest';
import { SqlEventStore } from '../../storage/events/event-store.sql';
import { OldAddressRepository } from '../../storage/privacy/old-addresses.repository';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { insertWebsites } from '../../test/websites.fixture';
import { AddressTruncationService } from './address-truncation.service';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);

describe.each(dialects)('the daily address job on %s', (dialect) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('cuts addresses older than 30 days of every website, leaves newer ones, then rests', async () => {
    const { database, close } = await createTestDatabase(dialect);
    closers.push(close);
    await insertWebsites(database, ['w1', 'w2'], NOW);
    await new SqlEventStore(database.db, database.dialect).commit([
      ingestEvent({
        websiteId: 'w1',
        ip: '81.2.69.142',
        ts: NOW - 31 * DAY,
        visitorId: 'old',
        sessionId: 'old',
      }),
      ingestEvent({
        websiteId: 'w2',
        ip: '2001:db8:1:2:3:4:5:6',
        ts: NOW - 40 * DAY,
        visitorId: 'old6',
        sessionId: 'old6',
      }),
      ingestEvent({
        websiteId: 'w1',
        ip: '81.2.69.143',
        ts: NOW - 29 * DAY,
        visitorId: 'new',
        sessionId: 'new',
      }),
    ]);
    let now = NOW;
    const job = new AddressTruncationService(new OldAddressRepository(database.db), () => now);
    let passes = 0;
    while ((await job.run()) > 0) passes += 1;
    expect(passes).toBeGreaterThan(0);
    const rows = await database.db
      .selectFrom('event')
      .select(['visitor_id', 'ip'])
      .orderBy('visitor_id')
      .execute();
    expect(rows).toEqual([
      { visitor_id: 'new', ip: '81.2.69.143' },
      { visitor_id: 'old', ip: '81.2.69.0' },
      { visitor_id: 'old6', ip: '2001:db8:1::' },
    ]);
    const clicks = await database.db
      .selectFrom('click')
      .select(['visitor_id', 'ip_address'])
      .orderBy('visitor_id')
      .execute();
    expect(clicks.map((c) => c.ip_address)).toEqual(['81.2.69.143', '81.2.69.0', '2001:db8:1::']);
    // Resting: the next day's run finds the 29-day-old row once it is 30 days old.
    now = NOW + 2 * DAY;
    while ((await job.run()) > 0);
    const later = await database.db
      .selectFrom('event')
      .select('ip')
      .where('visitor_id', '=', 'new')
      .execute();
    expect(later).toEqual([{ ip: '81.2.69.0' }]);
  });
});
