/**
 * A visitor who consents keeps what they did before it: today's clicks, conversions and events of
 * their hash visitor move to the new visitor id, and the conversions of that visitor go back to be
 * credited again (as after an identify), so the campaign click that brought them counts for later
 * conversions. The dashboard rollups then count the person once on those days, and their entrances
 * no longer as visits without consent. The SQL variant is consent-link.sql.ts, the one with the raw
 * events in ClickHouse consent-link.clickhouse.ts.
 */
export interface ConsentLinkRepository {
  /** Moves `from`'s rows since `since` (ms) to `to`; returns how many clicks moved. */
  link(websiteId: string, from: string, to: string, since: number): Promise<number>;
}
