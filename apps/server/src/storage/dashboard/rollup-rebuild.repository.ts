/** A website whose day rollups are being re-keyed for its zone. */
export interface PendingRebuild {
  id: string;
  timezone: string;
  rebuiltUntil: number;
}

/**
 * Re-keys a website's day rollups by its local days, a stretch of days per transaction
 * (docs/definitions.md#time-zone). One implementation per backend (rollup-rebuild.sql.ts,
 * rollup-rebuild.clickhouse.ts); rollup-rebuild.contract.ts is what both must leave behind.
 */
export interface RollupRebuildRepository {
  /** The website whose rebuild waits longest, or null when none does. */
  next(): Promise<PendingRebuild | null>;
  /** The website's first event, or null: where a fresh rebuild starts. */
  firstEventAt(websiteId: string): Promise<number | null>;
  /**
   * Recounts the local days starting at `starts` (ascending; the last one's end is `end`) and moves
   * the cursor to `end`, or marks the rebuild done — unless the zone changed meanwhile. Rows keyed
   * in [clearFrom, end) go first.
   */
  rebuild(
    site: PendingRebuild,
    starts: number[],
    end: number,
    clearFrom: number,
    done: boolean,
  ): Promise<void>;
}
