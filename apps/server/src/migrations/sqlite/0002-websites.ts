import { type Kysely, sql } from 'kysely';

/** Organizations (plan and trial), websites and their conversion goals. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table organization (
    id text primary key,
    name text not null,
    owner_user_id text not null references "user" ("id") on delete cascade,
    plan text not null,
    status text not null,
    stripe_customer_id text,
    current_period_end text,
    cancel_at_period_end integer not null default 0,
    trial_ends_at text,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`create unique index organization_owner_idx on organization (owner_user_id)`.execute(db);
  await sql`create table website (
    id text primary key,
    user_id text not null references "user" ("id") on delete cascade,
    name text not null,
    brand text not null,
    root_domain text not null,
    attribution_model text not null,
    attribution_window integer not null,
    config text not null,
    postback_url text,
    cookie_domain text not null,
    default_campaign_id text not null,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`create index website_user_idx on website (user_id, created_at)`.execute(db);
  await sql`create table goal (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    name text not null,
    type text not null,
    selector text,
    value real,
    conditions text not null,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`create index goal_website_idx on goal (website_id, created_at)`.execute(db);
}
