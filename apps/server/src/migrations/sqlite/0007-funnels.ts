import { type Kysely, sql } from 'kysely';

/** Funnels of a website and their ordered steps (spec §3); removed with their website. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table funnel (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    name text not null,
    description text not null,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`create index funnel_website_idx on funnel (website_id, created_at)`.execute(db);
  await sql`create table funnel_step (
    funnel_id text not null references funnel (id) on delete cascade,
    id text not null,
    name text not null,
    step_order integer not null,
    conditions text not null,
    primary key (funnel_id, id)
  )`.execute(db);
  await sql`create index funnel_step_order_idx on funnel_step (funnel_id, step_order)`.execute(db);
}
