import { type Kysely, sql } from 'kysely';
import { defaultTemplates } from '../0005-default-templates';

/**
 * The campaign workspace: traffic networks, traffic sources (the spec's defaults are seeded per
 * website when its sources are first read; the marker table remembers that, so deleted defaults
 * stay deleted), landing pages and campaign templates (the defaults have no website).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table network (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    slug text not null,
    name text not null,
    tracking_params text not null,
    sources text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index network_slug_idx on network (website_id, slug)`.execute(db);

  await sql`create table traffic_source (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    slug text not null,
    name text not null,
    description text not null,
    is_default integer not null default 0,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index traffic_source_slug_idx on traffic_source (website_id, slug)`.execute(db);
  await sql`create table traffic_source_seed (
    website_id text primary key references website (id) on delete cascade
  )`.execute(db);

  await sql`create table landing_page (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    name text not null,
    path text not null,
    description text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index landing_page_website_idx on landing_page (website_id, created_at)`.execute(db);

  await sql`create table campaign_template (
    id text primary key,
    website_id text references website (id) on delete cascade,
    name text not null,
    description text not null,
    network text not null,
    source text not null,
    category text not null,
    is_default integer not null default 0,
    utm_parameters text not null,
    custom_parameters text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index campaign_template_website_idx on campaign_template (website_id, name)`.execute(db);
  await sql`create index campaign_template_default_idx on campaign_template (is_default, name)`.execute(db);

  const now = '2026-11-22T00:00:00.000Z';
  for (const t of defaultTemplates) {
    await sql`insert into campaign_template
      (id, website_id, name, description, network, source, category, is_default, utm_parameters, custom_parameters, created_at, updated_at)
      values (${t.id}, null, ${t.name}, ${t.description}, ${t.network}, ${t.source}, ${t.category}, 1,
        ${JSON.stringify(t.utm)}, ${JSON.stringify(t.custom)}, ${now}, ${now})`.execute(db);
  }
}
