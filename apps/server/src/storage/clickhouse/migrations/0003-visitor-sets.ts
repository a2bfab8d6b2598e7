/**
 * Lists of visitor ids a report sends to ClickHouse (the goal filter's visitors, from the SQL
 * conversions): inserted in the request body, so a list of any length fits (a query parameter
 * travels in the URL, at most 1 MiB). Each list has an id of its own; its rows go a day later.
 */
export const migration0003 = {
  name: '0003-visitor-sets',
  statements: [
    `CREATE TABLE IF NOT EXISTS visitor_sets (
      set_id String,
      visitor_id String,
      created DateTime DEFAULT now()
    )
    ENGINE = MergeTree
    ORDER BY (set_id, visitor_id)
    TTL created + INTERVAL 1 DAY`,
  ],
};
