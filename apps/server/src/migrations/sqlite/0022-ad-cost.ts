import { type Kysely, sql } from 'kysely';

/**
 * Ad spend per campaign per day (docs/definitions.md#ad-spend): one row per campaign and day, so importing a
 * day again replaces it. `day` is the ad platform's day (YYYY-MM-DD); the amount is in the
 * currency's minor units (docs/definitions.md#money). Deleting a campaign deletes its spend.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table ad_cost (
    website_id text not null references website (id) on delete cascade,
    campaign_id text not null references campaign (id) on delete cascade,
    day text not null,
    currency text not null,
    amount_minor integer not null,
    origin text not null,
    updated_at text not null,
    primary key (campaign_id, day)
  )`.execute(db);
  await sql`create index ad_cost_website_day_idx on ad_cost (website_id, day)`.execute(db);
}
