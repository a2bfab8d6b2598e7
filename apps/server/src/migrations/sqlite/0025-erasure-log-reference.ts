import { type Kysely, sql } from 'kysely';

/**
 * The erasure log says which visitor went without keeping who they were: the visitor id's first
 * characters (visitorRef) and what found them (visitor id, user id or order id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visitor_erasure add column visitor_ref text`.execute(db);
  await sql`alter table visitor_erasure add column found_by text`.execute(db);
}
