import type { Insertable } from 'kysely';
import type { DB } from '../../db/schema';

export type RollupTableName = keyof DB & `dash_${string}`;
type Column<T extends RollupTableName> = keyof DB[T] & string;

/**
 * A rollup table as its upserts see it (docs/architecture.md#rollup-tables). A row without
 * summed or latest columns is a key kept once ("do nothing" on conflict).
 */
export interface RollupTable<T extends RollupTableName> extends AnyRollupTable {
  table: T;
  /** The primary key: one row per key. */
  key: readonly Column<T>[];
  /** Counted columns: added to the stored row's. */
  summed?: readonly Column<T>[];
  /** "Latest wins" columns: they replace the stored row's. */
  latest?: readonly Column<T>[];
  /**
   * The latest columns move only when the new row's `column` is at least `step` past the stored
   * one: 1 for strictly later (integer milliseconds), VISITOR_SEEN_STEP_MS for a step a minute.
   */
  newer?: { column: Column<T>; step: number };
}

/** A described table whatever its name: what the statement makers read. */
export interface AnyRollupTable {
  table: RollupTableName;
  key: readonly string[];
  summed?: readonly string[];
  latest?: readonly string[];
  newer?: { column: string; step: number };
}

export type RollupRow<T extends RollupTableName> = Insertable<DB[T]>;

/** Key, summed and latest columns: the order of the statement's parameters. */
export function columnsOf(table: AnyRollupTable): string[] {
  return [...table.key, ...(table.summed ?? []), ...(table.latest ?? [])];
}
