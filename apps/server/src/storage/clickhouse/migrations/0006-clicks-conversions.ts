/**
 * Copies of the SQL click and conversion rows and of each conversion's credits
 * (mirror.clickhouse.ts), for the logs, the campaign figures and the attribution report. Rows
 * change after they are written (crediting, the consent link, address truncation) and are deleted
 * (erasure, retention): each copy carries the outbox sequence number of the change it reflects as
 * its version, and a deleted row a tombstone (`deleted` = 1), so a ReplacingMergeTree keeps the
 * latest of each row and `FINAL` reads it (PostHog's person tables: a version column, read with
 * FINAL). Sorted as the logs read them: by website, then time. A conversion's credits (a row per
 * touchpoint and attribution version in SQL) are one row here, the touchpoints in a Nested column,
 * so that a recompute replaces them together; the reports ARRAY JOIN them. The visitor sets of
 * 0003 go: the breakdowns and filters read the converting visitors from the copies.
 */
/** The models when this was written (a migration keeps its own list). */
const models = [
  'first_touch',
  'last_touch',
  'linear',
  'time_decay',
  'position_based',
  'u_shaped',
  'w_shaped',
  'custom_weight',
];
const perModel = models.map((m) => `credit_${m} Float64, value_${m} Float64`).join(',\n        ');
const common = `version UInt64,
      deleted UInt8`;

/** Latest version of each row, by website then time; monthly partitions as the events'. */
const copyOf = (id: string) => `ENGINE = ReplacingMergeTree(version, deleted)
    PARTITION BY toYYYYMM(fromUnixTimestamp64Milli(ts, 'UTC'))
    ORDER BY (website_id, ts, ${id})`;

export const migration0006 = {
  name: '0006-clicks-conversions',
  statements: [
    `CREATE TABLE IF NOT EXISTS clicks (
      website_id String,
      id String,
      ts Int64,
      visitor_id String,
      session_id String,
      campaign_id Nullable(String),
      ocxid Nullable(String),
      source Nullable(String),
      medium Nullable(String),
      channel LowCardinality(String),
      landing_page String,
      referrer Nullable(String),
      referrer_domain Nullable(String),
      utm_source Nullable(String),
      utm_medium Nullable(String),
      utm_campaign Nullable(String),
      utm_term Nullable(String),
      utm_content Nullable(String),
      click_id_type LowCardinality(Nullable(String)),
      click_id Nullable(String),
      ip_address Nullable(String),
      device_type LowCardinality(Nullable(String)),
      browser LowCardinality(Nullable(String)),
      os LowCardinality(Nullable(String)),
      country LowCardinality(Nullable(String)),
      ${common}
    )
    ${copyOf('id')}`,
    `CREATE TABLE IF NOT EXISTS conversions (
      website_id String,
      id String,
      ts Int64,
      campaign_id Nullable(String),
      goal_id Nullable(String),
      goal_name String,
      click_id Nullable(String),
      value_minor Nullable(Int64),
      currency LowCardinality(String),
      visitor_id Nullable(String),
      conversion_type LowCardinality(String),
      dedupe_key String,
      source String,
      event_id Nullable(String),
      followed_up Int32,
      credit_error Nullable(String),
      path_changes Int32,
      ${common}
    )
    ${copyOf('id')}`,
    `CREATE TABLE IF NOT EXISTS credits (
      website_id String,
      conversion_id String,
      ts Int64,
      touch Nested (
        version UInt32,
        position UInt32,
        click_id Nullable(String),
        campaign_id Nullable(String),
        channel String,
        currency String,
        ${perModel}
      ),
      ${common}
    )
    ${copyOf('conversion_id')}`,
    // The lists of ids reports sent (0003): they read the copies now.
    'DROP TABLE IF EXISTS visitor_sets',
  ],
};
