import {
  DAY_MS,
  type EventStore,
  HASH_VISITOR_PREFIX,
  localDate,
  localDateEnd,
  localDayStart,
  localDayStarts,
} from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { END, SITE, sideBySideEvents, T0 } from '../../test/clickhouse/side-by-side.fixture';
import { insertWebsites } from '../../test/websites.fixture';
import type { RollupRebuildRepository } from './rollup-rebuild.repository';

interface RollupRebuildUnderTest {
  rebuilds: RollupRebuildRepository;
  /** The backend's event store: the rollups ingestion writes come from its commits. */
  events: EventStore;
  /** The SQL database, where every backend keeps the websites and the rollups. */
  database: Database;
  close(): Promise<void>;
}

/** The tables a rebuild re-keys, with their columns beside website_id. */
const ROLLUPS = {
  dash_day: ['day', 'pageviews', 'visitors', 'events'],
  dash_visitor_day: ['day', 'visitor_id'],
  dash_page_day: ['day', 'page', 'pageviews'],
  dash_source_day: ['day', 'channel', 'referrer_domain', 'clicks', 'without_consent'],
  dash_value_day: ['dimension', 'day', 'value', 'pageviews'],
} as const;

/** Of the fixture's 600 events: enough to fill every day, table and zone change. */
const EVENTS = 300;

/** Days per stretch: small, so a rebuild takes several resumed stretches. */
const DAYS_PER_STRETCH = 4;

/**
 * The behaviour every rollup rebuild must show (docs/definitions.md#time-zone): after a zone
 * change it leaves exactly the rollups ingestion writes for a website that had the new zone all
 * along. Seeded through the backend's commit, with the fixture's 600 events over ten days across
 * Berlin's fall-back change, some visitors without consent.
 */
export function describeRollupRebuildContract(label: string, open: () => Promise<RollupRebuildUnderTest>) {
  describe(`RollupRebuildRepository contract: ${label}`, () => {
    let subject: RollupRebuildUnderTest;
    let rebuilds: RollupRebuildRepository;
    /** The rollups ingestion wrote in UTC, before any rebuild. */
    let utc: Awaited<ReturnType<typeof rollups>>;

    /** The fixture's events for another website (event ids are per website); visitors v…3 without consent. */
    const commitTo = async (websiteId: string) => {
      const events = sideBySideEvents()
        .slice(0, EVENTS)
        .map((e) => ({
          ...e,
          websiteId,
          visitorId: e.visitorId.endsWith('3') ? `${HASH_VISITOR_PREFIX}${e.visitorId}` : e.visitorId,
        }));
      for (let i = 0; i < events.length; i += 50) await subject.events.commit(events.slice(i, i + 50));
    };
    const changeZone = (websiteId: string, timezone: string) =>
      subject.database.db
        .updateTable('website')
        .set({ timezone, rollup_rebuilt_until: 0, updated_at: new Date().toISOString() })
        .where('id', '=', websiteId)
        .execute();
    const cursor = async (websiteId: string) => {
      const row = await subject.database.db
        .selectFrom('website')
        .select('rollup_rebuilt_until')
        .where('id', '=', websiteId)
        .executeTakeFirstOrThrow();
      return row.rollup_rebuilt_until === null ? null : Number(row.rollup_rebuilt_until);
    };

    /** Every rollup row of a website, without its id, in one order. */
    async function rollups(websiteId: string) {
      const out: Record<string, string[]> = {};
      for (const [table, columns] of Object.entries(ROLLUPS)) {
        const rows = await subject.database.db
          .selectFrom(table as keyof typeof ROLLUPS)
          .select(columns as never)
          .where('website_id', '=', websiteId)
          .execute();
        out[table] = rows
          .map((row) =>
            JSON.stringify(
              columns.map((c) => {
                const value = (row as Record<string, unknown>)[c];
                return typeof value === 'bigint' || /^\d+$/.test(String(value)) ? Number(value) : value;
              }),
            ),
          )
          .sort();
      }
      return out;
    }

    /** Runs the pending rebuilds to the end, stretch by stretch, as the background task does. */
    async function rebuildAll(now: number) {
      let stretches = 0;
      for (let site = await rebuilds.next(); site; site = await rebuilds.next()) {
        const resumed = site.rebuiltUntil > 0;
        const first = resumed ? site.rebuiltUntil : await rebuilds.firstEventAt(site.id);
        const start = localDayStart(site.timezone, first ?? now);
        const starts = localDayStarts(site.timezone, start, start + (DAYS_PER_STRETCH - 1) * DAY_MS);
        const end = localDateEnd(site.timezone, localDate(site.timezone, starts.at(-1) as number)) as number;
        await rebuilds.rebuild(site, starts, end, resumed ? start : 0, end > now);
        stretches += 1;
      }
      return stretches;
    }

    beforeAll(async () => {
      subject = await open();
      rebuilds = subject.rebuilds;
      await insertWebsites(subject.database, ['moved', 'berlin', 'kathmandu']);
      for (const [id, zone] of [
        ['berlin', 'Europe/Berlin'],
        ['kathmandu', 'Asia/Kathmandu'],
      ] as const)
        await subject.database.db
          .updateTable('website')
          .set({ timezone: zone })
          .where('id', '=', id)
          .execute();
      for (const id of ['moved', 'berlin', 'kathmandu']) await commitTo(id);
      utc = await rollups('moved');
    });
    afterAll(() => subject.close());

    it('has nothing to rebuild until a zone changes, and knows each website’s first event', async () => {
      expect(await rebuilds.next()).toBeNull();
      const first = Math.min(
        ...sideBySideEvents()
          .slice(0, EVENTS)
          .map((e) => e.ts),
      );
      expect(await rebuilds.firstEventAt('moved')).toBe(first);
      expect(first).toBeGreaterThanOrEqual(T0);
      expect(await rebuilds.firstEventAt(SITE)).toBeNull();
    });

    it('re-keys the rollups to exactly what ingestion writes in the new zone, zone after zone', async () => {
      expect(utc.dash_day?.length).toBeGreaterThanOrEqual(10);
      for (const [zone, native] of [
        ['Europe/Berlin', 'berlin'],
        ['Asia/Kathmandu', 'kathmandu'],
      ] as const) {
        await changeZone('moved', zone);
        expect(await rebuilds.next()).toEqual({ id: 'moved', timezone: zone, rebuiltUntil: 0 });
        expect(await rebuildAll(END + DAY_MS)).toBeGreaterThan(2);
        expect(await cursor('moved')).toBeNull();
        const rebuilt = await rollups('moved');
        expect(rebuilt).toEqual(await rollups(native));
        expect(rebuilt).not.toEqual(utc);
      }
      // Kathmandu's days start at 18:15 UTC.
      const days = await rollups('moved');
      expect(
        days.dash_day?.every((row) => new Date(JSON.parse(row)[0]).toISOString().endsWith('T18:15:00.000Z')),
      ).toBe(true);
      expect(days.dash_source_day?.some((row) => JSON.parse(row)[4] > 0)).toBe(true);
      expect(days.dash_source_day?.length).toBeGreaterThan(3);
      expect(days.dash_value_day?.length).toBeGreaterThan(30);
    });

    it('leaves the rollups and the cursor alone when the zone changed again before a stretch', async () => {
      const before = await rollups('moved');
      await changeZone('moved', 'Europe/Berlin');
      const site = await rebuilds.next();
      expect(site).toMatchObject({ id: 'moved', timezone: 'Europe/Berlin' });
      await changeZone('moved', 'UTC');
      const starts = localDayStarts('Europe/Berlin', T0, T0 + 3 * DAY_MS);
      await rebuilds.rebuild(site as NonNullable<typeof site>, starts, T0 + 4 * DAY_MS, 0, true);
      expect(await rollups('moved')).toEqual(before);
      expect(await cursor('moved')).toBe(0);
      await rebuildAll(END + DAY_MS);
      expect(await rollups('moved')).toEqual(utc);
    });
  });
}
