import { type Kysely, sql } from 'kysely';

/**
 * Where the daily address job has got to in each website's events and clicks (the ts of the last
 * row it read), so it reads the rows turning 30 days old by the (website_id, ts) index in small
 * batches instead of scanning whole tables for addresses not yet cut.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table address_cut_cursor (
    website_id text not null references website (id) on delete cascade,
    table_name text not null,
    ts bigint not null,
    primary key (website_id, table_name)
  )`.execute(db);
}
