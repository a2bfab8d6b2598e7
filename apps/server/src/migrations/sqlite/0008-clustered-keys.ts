import { type Kysely, sql } from 'kysely';

/**
 * The per-visitor rollups become WITHOUT ROWID tables, stored in their primary key's order. As
 * rowid tables every upsert on collect's hot path wrote two pages (the table row and the key's
 * index), at a random place since the key is the visitor id; now it writes one. (Visits stay rowid
 * tables: their wide rows made the clustered form write more pages, not fewer.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(
    db,
    'dash_visitor_day',
    sql`(
      website_id text not null,
      day bigint not null,
      visitor_id text not null,
      primary key (website_id, day, visitor_id)
    ) without rowid`,
    'website_id, day, visitor_id',
  );
  await rebuild(
    db,
    'dash_visitor',
    sql`(
      website_id text not null,
      visitor_id text not null,
      last_seen bigint not null,
      primary key (website_id, visitor_id)
    ) without rowid`,
    'website_id, visitor_id, last_seen',
  );
  await sql`create index dash_visitor_seen_idx on dash_visitor (website_id, last_seen)`.execute(db);
}

async function rebuild(
  db: Kysely<unknown>,
  table: string,
  definition: ReturnType<typeof sql>,
  columns: string,
) {
  const fresh = `${table}_clustered`;
  await sql`create table ${sql.table(fresh)} ${definition}`.execute(db);
  await sql`insert into ${sql.table(fresh)} (${sql.raw(columns)}) select ${sql.raw(columns)} from ${sql.table(table)}`.execute(
    db,
  );
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(fresh)} rename to ${sql.table(table)}`.execute(db);
}
