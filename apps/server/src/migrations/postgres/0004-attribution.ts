import { type Kysely, sql } from 'kysely';

/**
 * Attribution credits per settings version (so a recompute can run beside the figures in use),
 * API keys for server-to-server conversions, and the postback outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Set once a conversion's credits exist and its postback (if any) is queued.
  await sql`alter table conversion add column followed_up integer not null default 0`.execute(db);
  await sql`create index conversion_follow_up_idx on conversion (followed_up, ts)`.execute(db);

  await sql`create table attribution_credit (
    conversion_id text not null,
    website_id text not null,
    version integer not null,
    model text not null,
    click_id text,
    campaign_id text,
    channel text not null,
    credit double precision not null,
    value_credit double precision not null,
    ts bigint not null
  )`.execute(db);
  await sql`create index attribution_credit_report_idx on attribution_credit (website_id, version, model, ts)`.execute(
    db,
  );
  await sql`create index attribution_credit_conversion_idx on attribution_credit (conversion_id, version)`.execute(
    db,
  );

  await sql`create table attribution_version (
    website_id text not null,
    version integer not null,
    settings text not null,
    created_at bigint not null,
    primary key (website_id, version)
  )`.execute(db);
  await sql`create table attribution_job (
    website_id text primary key,
    active_version integer not null,
    target_version integer not null,
    total integer not null,
    done integer not null,
    updated_at bigint not null
  )`.execute(db);

  await sql`create table api_key (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    name text not null,
    prefix text not null,
    key_hash text not null unique,
    created_at timestamptz not null,
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index api_key_website_idx on api_key (website_id)`.execute(db);

  await sql`create table postback_delivery (
    id text primary key,
    website_id text not null,
    conversion_id text not null unique,
    url text not null,
    status text not null,
    attempts integer not null,
    next_attempt_at bigint,
    last_status integer,
    last_error text,
    created_at bigint not null,
    delivered_at bigint
  )`.execute(db);
  await sql`create index postback_due_idx on postback_delivery (status, next_attempt_at)`.execute(db);
  await sql`create index postback_website_idx on postback_delivery (website_id, created_at)`.execute(db);
}
