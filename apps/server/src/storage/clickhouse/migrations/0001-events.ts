/**
 * The events table. What was taken from the field:
 * - Plausible's `events_v2`: one wide MergeTree row per event, sorted by site then day
 *   (`ORDER BY (site_id, toDate(timestamp), user_id, timestamp)`), partitioned by month
 *   (`toYYYYMM`); LowCardinality for the small enumerations (type, channel, device, browser, os,
 *   country). Its `sessions_v2` (a VersionedCollapsingMergeTree that folds session updates) is not
 *   taken: sessions, clicks, conversions and credits change after they are written (a session's
 *   entrance, crediting, recompute) and stay in the SQL database with the metadata.
 * - Umami's `website_event` (`ORDER BY (website_id, session_id, created_at)`): the website id
 *   leads the sorting key, so every read of one website is a range of the table; the string ids
 *   stay as the collect endpoint sends them. Not taken: its session-first order (OCX's reads are by
 *   time range, as Plausible's), and its seconds-only DateTime (`ts` keeps the SQL stores' epoch
 *   milliseconds, with a DateTime64(3) `time` beside it for ClickHouse's time functions).
 * - Retried event ids: the store checks for the ids under the website's PostgreSQL turn before it
 *   inserts, and the table is a ReplacingMergeTree on (website, day, event id), so a duplicate
 *   that ever reached it would fold at merge time as well.
 */
export const migration0001 = {
  name: '0001-events',
  statements: [
    `CREATE TABLE IF NOT EXISTS events (
      website_id String,
      event_id String,
      id UInt64,
      type LowCardinality(String),
      name Nullable(String),
      ts Int64,
      time DateTime64(3, 'UTC') MATERIALIZED fromUnixTimestamp64Milli(ts, 'UTC'),
      visitor_id String,
      session_id String,
      url String,
      path String,
      title Nullable(String),
      referrer Nullable(String),
      referrer_domain Nullable(String),
      channel LowCardinality(String),
      utm_source Nullable(String),
      utm_medium Nullable(String),
      utm_campaign Nullable(String),
      utm_term Nullable(String),
      utm_content Nullable(String),
      ocxid Nullable(String),
      campaign_id Nullable(String),
      click_id_type LowCardinality(Nullable(String)),
      click_id Nullable(String),
      selector Nullable(String),
      user_id Nullable(String),
      device_type LowCardinality(Nullable(String)),
      browser LowCardinality(Nullable(String)),
      os LowCardinality(Nullable(String)),
      country LowCardinality(Nullable(String)),
      ip Nullable(String),
      props Nullable(String),
      value Nullable(Float64),
      currency LowCardinality(Nullable(String)),
      goal_matches Nullable(String),
      INDEX event_id_bloom event_id TYPE bloom_filter GRANULARITY 4
    )
    ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(fromUnixTimestamp64Milli(ts, 'UTC'))
    ORDER BY (website_id, toDate(fromUnixTimestamp64Milli(ts, 'UTC')), ts, event_id)`,
  ],
};
