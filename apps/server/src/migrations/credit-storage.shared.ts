import { attributionModels } from '@ocx/contracts';
import { currencyExponent, toMinorUnits } from '@ocx/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Dialect, realType, withoutRowid } from '../db/dialect';

/**
 * Migration 0011 (both dialects), docs/definitions.md#attribution-models:
 * - money in integer minor units: conversion.value (major units, a float) becomes value_minor;
 * - credits one row per (conversion, settings version, touchpoint) with every model's credit and
 *   value credit as columns (touch_credit), instead of a row per model: 8× fewer rows, no 0 rows;
 * - crediting state per conversion (a failure is marked with its reason, a changed path is
 *   credited again) and the index that finds a visitor's conversions;
 * - every positional model keeps its own weights (settings.modelWeights);
 * - a recompute of every website that has credits, so W-shaped gets its own weights and every
 *   value credit its exact largest-remainder split; the moved credits serve until it is done.
 */
export async function migrateCreditStorage(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const real = realType(dialect);
  await convertConversionValues(db);
  await sql`alter table conversion add column credit_error text`.execute(db);
  await sql`alter table conversion add column path_changes integer not null default 0`.execute(db);
  await sql`create index conversion_visitor_idx on conversion (website_id, visitor_id, ts)`.execute(db);
  // Crediting reads a website's conversions in one state (its pending ones, or those a recompute
  // still misses): the state then the website, where (state, ts) scanned every website's.
  await sql`drop index conversion_follow_up_idx`.execute(db);
  await sql`create index conversion_credit_state_idx on conversion (followed_up, website_id, ts)`.execute(db);
  // A user id's visitors straight from the index (cross-device paths, identify limits and path
  // changes read them for every click): the old index needed a row lookup per visitor.
  await sql`drop index identity_user_idx`.execute(db);
  await sql`create index identity_user_idx on identity (website_id, user_id, visitor_id)`.execute(db);

  const modelColumns = attributionModels.flatMap((m) => [
    sql`${sql.raw(`credit_${m}`)} ${real} not null`,
    sql`${sql.raw(`value_${m}`)} bigint not null`,
  ]);
  await sql`create table touch_credit (
    conversion_id text not null,
    version integer not null,
    position integer not null,
    website_id text not null,
    click_id text,
    campaign_id text,
    channel text not null,
    currency text not null,
    ts bigint not null,
    ${sql.join(modelColumns)},
    primary key (conversion_id, version, position)
  )${withoutRowid(dialect)}`.execute(db);
  await sql`create index touch_credit_report_idx on touch_credit (website_id, version, ts)`.execute(db);
  await moveCredits(db);
  await sql`drop table attribution_credit`.execute(db);

  await giveEveryModelItsWeights(db);
}

/** The currencies stored in a column, each with its minor-unit factor (10^exponent). */
async function factors(db: Kysely<unknown>, table: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ currency: string }>`select distinct currency from ${sql.table(table)}`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.currency, 10 ** currencyExponent(r.currency)]));
}

/** `amount × 10^exponent of the currency`, rounded to a whole number of minor units. */
function toMinor(
  amount: RawBuilder<unknown>,
  currencies: Map<string, number>,
  currency: RawBuilder<unknown> = sql`currency`,
): RawBuilder<number> {
  const cases = [...currencies].map(([code, factor]) => sql`when ${code} then ${sql.lit(factor)}`);
  const factor = cases.length > 0 ? sql`case ${currency} ${sql.join(cases, sql` `)} else 100 end` : sql`100`;
  return sql<number>`cast(round(${amount} * ${factor}) as bigint)`;
}

/**
 * Converted in JS with the app's own rounding (half away from zero on the decimal digits):
 * SQL's round(1.2345 * 1000) sees 1234.4999… and gives 1234 fils where the value says 1.235 KWD.
 */
async function convertConversionValues(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversion add column value_minor bigint`.execute(db);
  const { rows } = await sql<{ id: string; value: number; currency: string }>`
    select id, value, currency from conversion where value is not null`.execute(db);
  for (let i = 0; i < rows.length; i += 400) {
    const chunk = rows.slice(i, i + 400);
    const cases = chunk.map((r) => sql`when ${r.id} then ${toMinorUnits(Number(r.value), r.currency)}`);
    await sql`update conversion set value_minor = cast(case id ${sql.join(cases, sql` `)} end as bigint)
      where id in (${sql.join(chunk.map((r) => r.id))})`.execute(db);
  }
  await sql`alter table conversion drop column value`.execute(db);
}

/** Pivots the per-model rows of each (conversion, version, touchpoint) into one touch_credit row. */
async function moveCredits(db: Kysely<unknown>): Promise<void> {
  const currencies = await factors(db, 'attribution_credit');
  const pick = (model: string, column: 'credit' | 'value_credit') =>
    sql`sum(case when model = ${model} then ${sql.ref(column)} else 0 end)`;
  const pivoted = attributionModels.flatMap((m) => [
    sql`${pick(m, 'credit')} as ${sql.ref(`c_${m}`)}`,
    sql`${toMinor(pick(m, 'value_credit'), currencies, sql`max(currency)`)} as ${sql.ref(`v_${m}`)}`,
  ]);
  const columns = attributionModels.flatMap((m) => [sql.ref(`credit_${m}`), sql.ref(`value_${m}`)]);
  const values = attributionModels.flatMap((m) => [sql.ref(`p.c_${m}`), sql.ref(`p.v_${m}`)]);
  await sql`insert into touch_credit (conversion_id, version, position, website_id, click_id, campaign_id,
      channel, currency, ts, ${sql.join(columns)})
    select p.conversion_id, p.version,
      row_number() over (partition by p.conversion_id, p.version order by k.ts, p.click_id) - 1,
      p.website_id, p.click_id, p.campaign_id, p.channel, p.currency, p.ts, ${sql.join(values)}
    from (
      select conversion_id, version, click_id, max(website_id) as website_id, max(campaign_id) as campaign_id,
        max(channel) as channel, max(currency) as currency, max(ts) as ts, ${sql.join(pivoted)}
      from attribution_credit group by conversion_id, version, click_id
    ) p left join click k on k.id = p.click_id`.execute(db);
}

interface Weights {
  firstWeight: number;
  middleWeight: number;
  lastWeight: number;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

interface WebsiteRow {
  id: string;
  attribution_model: string;
  attribution_window: number;
  config: string;
}

/**
 * Each website keeps its current (first, middle, last) for its selected positional model; the
 * other positional models get their docs/definitions.md#settings-and-defaults defaults. Websites with credits recompute them.
 */
async function giveEveryModelItsWeights(db: Kysely<unknown>): Promise<void> {
  const { rows } =
    await sql<WebsiteRow>`select id, attribution_model, attribution_window, config from website`.execute(db);
  const now = Date.now();
  for (const row of rows) {
    const config = parseObject(row.config);
    const stored = parseObject(config.settings);
    // The defaults as of this migration (written out: later changes to core must not change it).
    const modelWeights: Record<string, Weights> = {
      position_based: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
      u_shaped: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
      w_shaped: { firstWeight: 0.3, middleWeight: 0.4, lastWeight: 0.3 },
    };
    const current = {
      firstWeight: numberOr(stored.firstWeight, 0.4),
      middleWeight: numberOr(stored.middleWeight, 0.2),
      lastWeight: numberOr(stored.lastWeight, 0.4),
    };
    if (row.attribution_model in modelWeights) modelWeights[row.attribution_model] = current;
    const settings = {
      decayParameter: 7,
      customWeights: [0.2, 0.2, 0.2, 0.2, 0.2],
      ...stored,
      ...current,
      modelWeights,
    };
    const scriptConfig = parseObject(config.scriptConfig);
    const newConfig = JSON.stringify({ ...config, settings });
    await sql`update website set config = ${newConfig} where id = ${row.id}`.execute(db);
    await startRecompute(
      db,
      row.id,
      {
        window: row.attribution_window,
        settings,
        crossDevice: scriptConfig.crossDeviceTracking === true,
      },
      now,
    );
  }
}

async function startRecompute(db: Kysely<unknown>, websiteId: string, snapshot: object, now: number) {
  const { rows } = await sql<{ target_version: number }>`select target_version from attribution_job
    where website_id = ${websiteId}`.execute(db);
  const job = rows[0];
  if (!job) return; // No credits yet: the first conversion writes version 1 with these settings.
  const version = Number(job.target_version) + 1;
  const { rows: counted } = await sql<{ n: number }>`select count(*) as n from conversion
    where website_id = ${websiteId}`.execute(db);
  await sql`insert into attribution_version (website_id, version, settings, created_at)
    values (${websiteId}, ${version}, ${JSON.stringify(snapshot)}, ${now})`.execute(db);
  await sql`update attribution_job set target_version = ${version}, total = ${Number(counted[0]?.n ?? 0)},
    done = 0, updated_at = ${now} where website_id = ${websiteId}`.execute(db);
}

function parseObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
