import { type Kysely, sql } from 'kysely';

/**
 * Migration 0045: drops the secondary indexes on event-derived tables that no read uses
 * (docs/architecture.md#secondary-indexes), so storing a click or a conversion writes two index
 * pages fewer. Clicks and conversions are read per website (by time, visitor or state), never by
 * campaign alone: a campaign's clicks are counted from the website's (campaignTotals). Both dialects
 * take the same statements.
 */
export async function dropUnreadIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`drop index click_campaign_idx`.execute(db);
  await sql`drop index conversion_campaign_idx`.execute(db);
}
