import { type Kysely, sql } from 'kysely';

/**
 * Migration 0028: two partial indexes for the breakdowns by visitor value (issue 27), so goals and
 * custom properties are counted without reading every event in range.
 * - `event_visitor_pageview_idx`: each visitor's pageviews in time order. A goal's or property
 *   value's pageviews are its visitors' pageviews in range: one index range per visitor.
 * - `event_custom_props_idx`: custom events with properties in time order, the only events a
 *   property breakdown takes values from (few beside the pageviews).
 * Both dialects take the same statements; only pageviews and custom events with properties pay
 * for an index entry when they are stored.
 */
export async function createBreakdownIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create index event_visitor_pageview_idx on event (website_id, visitor_id, ts)
    where type = 'pageview'`.execute(db);
  await sql`create index event_custom_props_idx on event (website_id, ts)
    where type = 'custom' and props is not null`.execute(db);
}
