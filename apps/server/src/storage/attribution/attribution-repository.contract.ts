import { attribute, defaultAttribution, HOUR_MS as HOUR, MAX_PATH_TOUCHPOINTS } from '@ocx/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { AttributionRepository } from './attribution.repository';
import { CREDIT_STATE } from './credit-state';

interface RepositoryUnderTest {
  repo: AttributionRepository;
  database: Database;
  close(): Promise<void>;
}

let unique = 0;
const site = () => `site-${++unique}-${Date.now()}`;
const T = Date.parse('2026-06-01T12:00:00Z');

/** What every crediting repository (Kysely, SQLite prepared statements) must answer alike. */
export function describeAttributionRepositoryContract(
  name: string,
  open: () => Promise<RepositoryUnderTest>,
) {
  describe(`AttributionRepository contract: ${name}`, () => {
    let subject: RepositoryUnderTest;
    let repo: AttributionRepository;
    let db: Database['db'];
    beforeAll(async () => {
      subject = await open();
      repo = subject.repo;
      db = subject.database.db;
    });
    afterAll(() => subject.close());

    const conversion = (websiteId: string, id: string, ts: number, state: number = CREDIT_STATE.new) =>
      db
        .insertInto('conversion')
        .values({
          id,
          website_id: websiteId,
          goal_name: 'Purchase',
          value_minor: 1000,
          currency: 'USD',
          ts,
          visitor_id: 'visitor',
          conversion_type: 'revenue',
          dedupe_key: id,
          source: 'tracker',
          followed_up: state,
        })
        .execute();
    const click = (websiteId: string, id: string, visitorId: string, ts: number, channel = 'paid') =>
      db
        .insertInto('click')
        .values({
          id,
          website_id: websiteId,
          visitor_id: visitorId,
          session_id: `s-${id}`,
          ts,
          channel,
          landing_page: 'https://shop.test/',
        })
        .execute();

    it('claims a website’s new and changed conversions, oldest first, and no other website’s', async () => {
      const [a, b] = [site(), site()];
      await conversion(a, `${a}-late`, T + 2);
      await conversion(a, `${a}-early`, T + 1, CREDIT_STATE.recredit);
      await conversion(a, `${a}-done`, T, CREDIT_STATE.credited);
      await conversion(a, `${a}-failed`, T, CREDIT_STATE.failed);
      await conversion(b, `${b}-other`, T);
      const claimed = await repo.transaction((trx) => repo.claim(trx, a, 10));
      expect(claimed.map((c) => [c.id, c.state, c.valueMinor])).toEqual([
        [`${a}-early`, CREDIT_STATE.recredit, 1000],
        [`${a}-late`, CREDIT_STATE.new, 1000],
      ]);
    });

    it('reads a path: non-direct clicks in the window, else direct ones; the first and the latest 99', async () => {
      const w = site();
      await click(w, `${w}-direct`, 'v1', T - HOUR, 'direct');
      expect((await repo.touchpoints(db, w, 'v1', false, T - 2 * HOUR, T)).map((t) => t.clickRowId)).toEqual([
        `${w}-direct`,
      ]);
      for (let i = 0; i < MAX_PATH_TOUCHPOINTS + 10; i++)
        await click(w, `${w}-c${String(i).padStart(3, '0')}`, 'v1', T - 3 * HOUR + i * 1000);
      await click(w, `${w}-outside`, 'v1', T - 30 * HOUR);
      const path = await repo.touchpoints(db, w, 'v1', false, T - 4 * HOUR, T);
      const ids = path.map((t) => t.clickRowId).sort();
      expect(ids).toHaveLength(MAX_PATH_TOUCHPOINTS);
      expect(ids[0]).toBe(`${w}-c000`);
      expect(ids[1]).toBe(`${w}-c011`);
      expect(ids).not.toContain(`${w}-direct`);
    });

    it('follows a user id to the visitor’s other devices only when asked, and counts them', async () => {
      const w = site();
      await click(w, `${w}-phone`, 'phone', T - HOUR);
      await click(w, `${w}-laptop`, 'laptop', T - 2 * HOUR);
      await click(w, `${w}-stranger`, 'stranger', T - HOUR);
      await db
        .insertInto('identity')
        .values([
          { website_id: w, visitor_id: 'phone', user_id: 'u1', ts: T },
          { website_id: w, visitor_id: 'laptop', user_id: 'u1', ts: T },
          { website_id: w, visitor_id: 'stranger', user_id: 'u2', ts: T },
        ])
        .execute();
      const ids = async (linked: boolean) =>
        (await repo.touchpoints(db, w, 'phone', linked, T - 3 * HOUR, T)).map((t) => t.clickRowId).sort();
      expect(await ids(false)).toEqual([`${w}-phone`]);
      expect(await ids(true)).toEqual([`${w}-laptop`, `${w}-phone`]);
      expect(await repo.linkedVisitorCount(db, w, 'phone')).toBe(1);
    });

    it('stores a credit row per touchpoint and marks the conversion credited, or changed when its path moved', async () => {
      const w = site();
      await conversion(w, `${w}-x`, T);
      await click(w, `${w}-k1`, 'visitor', T - HOUR);
      await click(w, `${w}-k2`, 'visitor', T - 2 * HOUR, 'email');
      const [pending] = await repo.transaction((trx) => repo.claim(trx, w, 10));
      if (!pending) throw new Error('nothing claimed');
      const clicks = await repo.touchpoints(db, w, 'visitor', false, T - 90 * 24 * HOUR, T);
      const credits = attribute(pending, clicks, defaultAttribution());
      // A click arrives between the read and the write: the conversion goes back for another pass.
      await sql`update conversion set path_changes = path_changes + 1 where id = ${pending.id}`.execute(db);
      await repo.transaction(async (trx) => {
        await repo.insertCredits(trx, pending, 1, credits);
        await repo.markCredited(trx, pending, null);
      });
      const rows = await db
        .selectFrom('touch_credit')
        .selectAll()
        .where('conversion_id', '=', pending.id)
        .orderBy('position')
        .execute();
      expect(rows.map((r) => [r.position, r.click_id, r.channel, Number(r.value_linear)])).toEqual([
        [0, `${w}-k2`, 'email', 500],
        [1, `${w}-k1`, 'paid', 500],
      ]);
      expect(rows.map((r) => Number(r.credit_first_touch))).toEqual([1, 0]);
      const state = async () =>
        Number(
          (
            await db
              .selectFrom('conversion')
              .select('followed_up')
              .where('id', '=', pending.id)
              .executeTakeFirst()
          )?.followed_up,
        );
      expect(await state()).toBe(CREDIT_STATE.recredit);
      const [again] = await repo.transaction((trx) => repo.claim(trx, w, 10));
      if (!again) throw new Error('not claimed again');
      await repo.transaction((trx) => repo.markCredited(trx, again, 'a note'));
      expect(await state()).toBe(CREDIT_STATE.credited);
    });
  });
}
