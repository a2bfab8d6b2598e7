/**
 * Copies of the SQL click and conversion rows (mirror/clickhouse-mirror.ts), for the logs. Rows
 * change after they are written (crediting, the consent link, address truncation) and are deleted
 * (erasure, retention): each copy carries the outbox sequence number of the change it reflects as
 * its version, and a deleted row a tombstone (`deleted` = 1), so a ReplacingMergeTree keeps the
 * latest of each row and `FINAL` reads it (PostHog's person tables: a version column, read with
 * FINAL). Sorted as the logs read them: by website, then time.
 */
const common = `version UInt64,
      deleted UInt8`;

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
    ENGINE = ReplacingMergeTree(version, deleted)
    PARTITION BY toYYYYMM(fromUnixTimestamp64Milli(ts, 'UTC'))
    ORDER BY (website_id, ts, id)`,
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
    ENGINE = ReplacingMergeTree(version, deleted)
    PARTITION BY toYYYYMM(fromUnixTimestamp64Milli(ts, 'UTC'))
    ORDER BY (website_id, ts, id)`,
  ],
};
