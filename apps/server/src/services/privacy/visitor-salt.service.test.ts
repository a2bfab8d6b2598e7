import { createHash } from 'node:crypto';
import { hashIdentity } from '@ocx/core';
import { afterEach, describe, expect, it } from 'vitest';
import { VisitorSaltRepository } from '../../storage/privacy/visitor-salt.repository';
import { createTestDatabase, dialects } from '../../test/test-database';
import { VisitorSaltService } from './visitor-salt.service';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const visit = { websiteId: 'site-a', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 Chrome/120' };
const MONDAY_NOON = Date.UTC(2026, 10, 23, 12, 0);
const DAY = 86_400_000;

describe.each(dialects)('daily salts of hash visitors on %s', (dialect) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function salts() {
    const { database, close } = await createTestDatabase(dialect);
    closers.push(close);
    let now = MONDAY_NOON;
    const repository = new VisitorSaltRepository(database.db);
    return {
      repository,
      service: new VisitorSaltService(repository, () => now),
      /** A second server on the same database. */
      other: new VisitorSaltService(repository, () => now),
      setNow: (ms: number) => {
        now = ms;
      },
    };
  }

  it('gives the same visitor two hash visitors on two days, and yesterday’s salt is gone', async () => {
    const { repository, service, setNow } = await salts();
    const monday = hashIdentity({ ...visit, salt: await service.today(), ts: MONDAY_NOON }, hash);
    setNow(MONDAY_NOON + 11 * 3_600_000);
    const mondayNight = hashIdentity({ ...visit, salt: await service.today(), ts: MONDAY_NOON }, hash);
    expect(mondayNight.visitorId).toBe(monday.visitorId);
    expect(await repository.days()).toEqual(['2026-11-23']);

    setNow(MONDAY_NOON + DAY);
    const tuesday = hashIdentity({ ...visit, salt: await service.today(), ts: MONDAY_NOON + DAY }, hash);
    expect(tuesday.visitorId).not.toBe(monday.visitorId);
    expect(await repository.days()).toEqual(['2026-11-24']);
  });

  it('shares one salt between servers and rotates without traffic once a day', async () => {
    const { repository, service, other, setNow } = await salts();
    expect(await other.today()).toBe(await service.today());
    setNow(MONDAY_NOON + DAY);
    expect(await service.rotate()).toBe(1);
    expect(await repository.days()).toEqual([]);
    expect(await service.rotate()).toBe(0);
  });
});
