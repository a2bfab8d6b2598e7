import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client';

/**
 * The HTTP client for `CLICKHOUSE_URL` (`http://user:password@host:8123/database`). Each statement
 * waits for ClickHouse's answer: an insert has returned only once its rows are stored, so a 2xx to a
 * tracker still means stored.
 */
export function openClickHouse(url: string, options: { database?: string } = {}): ClickHouseClient {
  return createClient({
    url,
    ...(options.database ? { database: options.database } : {}),
    request_timeout: 60_000,
    // The store reports failures itself (the commit fails, the tracker retries).
    log: { level: ClickHouseLogLevel.OFF },
    clickhouse_settings: {
      // Inserts are synchronous (the group-commit writer batches them); reads see them at once.
      async_insert: 0,
      output_format_json_quote_64bit_integers: 0,
    },
  });
}
