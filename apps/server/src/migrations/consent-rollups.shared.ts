import { localDayOf } from '@ocx/core';
import { type Kysely, sql } from 'kysely';

/** Every zone's offset is a multiple of 15 minutes, so a quarter hour never straddles a local midnight. */
const QUARTER_MS = 900_000;

/**
 * Migration 0024: `dash_source_day.without_consent`, the session entrances of hash visitors (no
 * consent), which the dashboard shows as the share of visits it could not attribute across days.
 * Filled from the stored clicks of hash visitors, counted per quarter hour in SQL and keyed by the
 * website's local day here; a website whose rollups are being rebuilt for a new zone (its rebuild
 * counts them) and rows of periods whose clicks retention deleted keep 0.
 */
export async function migrateConsentRollups(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dash_source_day add column without_consent integer not null default 0`.execute(db);
  const rows = await sql<{
    website_id: string;
    timezone: string;
    channel: string;
    referrer_domain: string;
    quarter: number | string;
    n: number | string;
  }>`select c.website_id, w.timezone, c.channel, coalesce(c.referrer_domain, '') as referrer_domain,
      c.ts / ${sql.lit(QUARTER_MS)} as quarter, count(*) as n
    from click c join website w on w.id = c.website_id
    where substr(c.visitor_id, 1, 2) = 'h.' and w.rollup_rebuilt_until is null
    group by c.website_id, w.timezone, c.channel, coalesce(c.referrer_domain, ''), c.ts / ${sql.lit(QUARTER_MS)}`.execute(
    db,
  );
  const counts = new Map<
    string,
    { websiteId: string; day: number; channel: string; referrer: string; n: number }
  >();
  for (const r of rows.rows) {
    const day = localDayOf(r.timezone)(Math.floor(Number(r.quarter)) * QUARTER_MS);
    const key = JSON.stringify([r.website_id, day, r.channel, r.referrer_domain]);
    const row = counts.get(key) ?? {
      websiteId: r.website_id,
      day,
      channel: r.channel,
      referrer: r.referrer_domain,
      n: 0,
    };
    row.n += Number(r.n);
    counts.set(key, row);
  }
  for (const c of counts.values())
    await sql`update dash_source_day set without_consent = ${c.n}
      where website_id = ${c.websiteId} and day = ${c.day} and channel = ${c.channel}
        and referrer_domain = ${c.referrer}`.execute(db);
}
