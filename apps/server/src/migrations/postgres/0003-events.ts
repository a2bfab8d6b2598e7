import { type Kysely, sql } from 'kysely';

/** Campaigns, and the event store: events, visits (sessions), clicks (touchpoints), conversions, identities. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table campaign (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    name text not null,
    network text not null,
    source text not null,
    landing_page text not null,
    utm_params text not null,
    tracking_params text not null,
    ocxid text not null unique,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index campaign_website_idx on campaign (website_id, created_at)`.execute(db);

  await sql`create table event (
    id bigserial primary key,
    website_id text not null,
    event_id text not null,
    type text not null,
    name text,
    ts bigint not null,
    visitor_id text not null,
    session_id text not null,
    url text not null,
    path text not null,
    title text,
    referrer text,
    referrer_domain text,
    channel text not null,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    utm_term text,
    utm_content text,
    ocxid text,
    campaign_id text,
    click_id_type text,
    click_id text,
    selector text,
    user_id text,
    device_type text,
    browser text,
    os text,
    country text,
    ip text,
    props text,
    value double precision,
    currency text
  )`.execute(db);
  await sql`create unique index event_idempotency_idx on event (website_id, event_id)`.execute(db);
  await sql`create index event_website_ts_idx on event (website_id, ts)`.execute(db);

  await sql`create table visit (
    website_id text not null,
    session_id text not null,
    visitor_id text not null,
    click_row_id text not null,
    campaign_id text,
    source_key text,
    started_at bigint not null,
    last_seen bigint not null,
    primary key (website_id, session_id)
  )`.execute(db);

  await sql`create table click (
    id text primary key,
    website_id text not null,
    visitor_id text not null,
    session_id text not null,
    ts bigint not null,
    campaign_id text,
    ocxid text,
    source text,
    medium text,
    channel text not null,
    landing_page text not null,
    referrer text,
    referrer_domain text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    utm_term text,
    utm_content text,
    click_id_type text,
    click_id text,
    ip_address text,
    device_type text,
    browser text,
    os text,
    country text
  )`.execute(db);
  await sql`create index click_website_ts_idx on click (website_id, ts)`.execute(db);
  await sql`create index click_website_visitor_idx on click (website_id, visitor_id, ts)`.execute(db);
  await sql`create index click_campaign_idx on click (campaign_id)`.execute(db);

  await sql`create table conversion (
    id text primary key,
    website_id text not null,
    campaign_id text,
    goal_id text,
    goal_name text not null,
    click_id text,
    value double precision,
    currency text not null,
    ts bigint not null,
    visitor_id text,
    conversion_type text not null,
    dedupe_key text not null,
    source text not null,
    event_id text
  )`.execute(db);
  await sql`create unique index conversion_dedupe_idx on conversion (website_id, dedupe_key)`.execute(db);
  await sql`create index conversion_website_ts_idx on conversion (website_id, ts)`.execute(db);
  await sql`create index conversion_campaign_idx on conversion (campaign_id)`.execute(db);

  await sql`create table identity (
    website_id text not null,
    visitor_id text not null,
    user_id text not null,
    ts bigint not null,
    primary key (website_id, visitor_id, user_id)
  )`.execute(db);
  await sql`create index identity_user_idx on identity (website_id, user_id)`.execute(db);
}
