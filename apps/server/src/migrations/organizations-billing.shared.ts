import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect } from '../db/dialect';

const DAY = sql.lit(86_400_000);
const TRIAL_MS = 14 * 86_400_000;

/**
 * Migration 0015 (both dialects), issue 19:
 * - members of an organization with a role (owner, admin, viewer); every owner becomes a member;
 * - every user gets an organization (the sign-up hook may not have run for old accounts) and each
 *   website moves into its owner's organization;
 * - dash_day counts every event (not only pageviews), the rollup quotas are counted from;
 * - Stripe: the subscription id, the `created` time of the last webhook event applied (events
 *   older than it never move a subscription backwards) and the event ids seen (replays do nothing).
 */
export async function migrateOrganizationsBilling(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const time = perDialect(dialect, { sqlite: sql.raw('text'), postgres: sql.raw('timestamptz') });
  const now = new Date();
  const asTime = (d: Date) =>
    perDialect(dialect, {
      sqlite: sql`${d.toISOString()}`,
      postgres: sql`cast(${d.toISOString()} as timestamptz)`,
    });
  await sql`insert into organization
      (id, name, owner_user_id, plan, status, cancel_at_period_end, trial_ends_at, created_at, updated_at)
    select 'org-' || u.id, u.email, u.id, 'trial', 'trialing', 0,
      ${asTime(new Date(now.getTime() + TRIAL_MS))}, ${asTime(now)}, ${asTime(now)}
    from "user" u where not exists (select 1 from organization o where o.owner_user_id = u.id)`.execute(db);

  await sql`create table organization_member (
    organization_id text not null references organization (id) on delete cascade,
    user_id text not null references "user" ("id") on delete cascade,
    role text not null,
    created_at ${time} not null,
    primary key (organization_id, user_id)
  )`.execute(db);
  await sql`create index organization_member_user_idx on organization_member (user_id)`.execute(db);
  await sql`insert into organization_member (organization_id, user_id, role, created_at)
    select id, owner_user_id, 'owner', created_at from organization`.execute(db);

  await sql`alter table website add column organization_id text references organization (id) on delete cascade`.execute(
    db,
  );
  await sql`update website set organization_id =
    (select o.id from organization o where o.owner_user_id = website.user_id)`.execute(db);
  await sql`create index website_organization_idx on website (organization_id, created_at)`.execute(db);

  await sql`alter table dash_day add column events integer not null default 0`.execute(db);
  // Days with events but no pageview get their row; then every day counts all its events.
  await sql`insert into dash_day (website_id, day, pageviews, visitors, events)
    select distinct website_id, (ts / ${DAY}) * ${DAY}, 0, 0, 0 from event where true
    on conflict (website_id, day) do nothing`.execute(db);
  await sql`update dash_day set events = (select count(*) from event e
    where e.website_id = dash_day.website_id and e.ts >= dash_day.day and e.ts < dash_day.day + ${DAY})`.execute(
    db,
  );

  await sql`alter table organization add column stripe_subscription_id text`.execute(db);
  await sql`alter table organization add column billing_event_at bigint not null default 0`.execute(db);
  await sql`create unique index organization_stripe_customer_idx on organization (stripe_customer_id)`.execute(
    db,
  );
  await sql`create table billing_event (
    id text primary key,
    type text not null,
    received_at ${time} not null
  )`.execute(db);
}
