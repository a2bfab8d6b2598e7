import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import {
  type AnyRollupTable,
  columnsOf,
  type RollupRow,
  type RollupTable,
  type RollupTableName,
} from './rollup-table';

/** SQLite's cap on a statement's parameters (PostgreSQL's, 65,535, is higher). */
const PARAMETER_CAP = 32_766;

const keptOnce = (t: AnyRollupTable) => !t.summed?.length && !t.latest?.length;

/** The SQLite upsert of one row, with positional parameters in columnsOf order. */
export function sqliteUpsertText(t: AnyRollupTable): string {
  const columns = columnsOf(t);
  const insert = `insert into ${t.table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})
    on conflict (${t.key.join(', ')}) do`;
  if (keptOnce(t)) return `${insert} nothing`;
  const set = [
    ...(t.summed ?? []).map((c) => `${c} = ${t.table}.${c} + excluded.${c}`),
    ...(t.latest ?? []).map((c) => `${c} = excluded.${c}`),
  ];
  const where = t.newer ? `\n    where ${newerText(t, t.newer)}` : '';
  return `${insert} update set ${set.join(', ')}${where}`;
}

function newerText(t: AnyRollupTable, newer: NonNullable<AnyRollupTable['newer']>): string {
  return `excluded.${newer.column} >= ${t.table}.${newer.column} + ${newer.step}`;
}

/** A prepared upsert of one described table, for the writer's hot path. */
export interface SqliteRollupUpsert<T extends RollupTableName> {
  /** Rows inserted or updated: 0 when the stored row was kept. */
  run(row: RollupRow<T>): number;
}

export function prepareRollupUpsert<T extends RollupTableName>(
  sqlite: SqliteDatabase.Database,
  t: RollupTable<T>,
): SqliteRollupUpsert<T> {
  const statement = sqlite.prepare(sqliteUpsertText(t));
  const columns = columnsOf(t);
  // One parameter array for every run: run() binds it before it returns.
  const values: unknown[] = new Array(columns.length);
  return {
    run(row) {
      const named = row as Record<string, unknown>;
      for (let i = 0; i < columns.length; i++) values[i] = named[columns[i] as string] ?? null;
      return statement.run(values).changes;
    },
  };
}

type Loose = Record<string, Record<string, unknown>>;
type LooseRow = Record<string, unknown>;

/**
 * The same through Kysely (PostgreSQL, and SQLite outside the hot path), in the caller's
 * transaction, as few statements as the parameter cap allows. PostgreSQL updates a row once per
 * statement, so rows of one key merge first: counts add up, the row latest by `newer` wins.
 * Returns the keys inserted into a kept-once table (none for the others).
 */
export async function upsertRollupRows<T extends RollupTableName>(
  trx: Transaction<DB> | Kysely<DB>,
  t: RollupTable<T>,
  rows: readonly RollupRow<T>[],
): Promise<LooseRow[]>;
export async function upsertRollupRows(
  trx: Transaction<DB> | Kysely<DB>,
  t: AnyRollupTable,
  rows: readonly object[],
): Promise<LooseRow[]>;
export async function upsertRollupRows(
  trx: Transaction<DB> | Kysely<DB>,
  t: AnyRollupTable,
  rows: readonly object[],
): Promise<LooseRow[]> {
  const db = trx as unknown as Kysely<Loose>;
  const table: string = t.table;
  const merged = mergedByKey(t, rows as readonly LooseRow[]);
  const perStatement = Math.floor(PARAMETER_CAP / columnsOf(t).length);
  const inserted: LooseRow[] = [];
  for (let i = 0; i < merged.length; i += perStatement) {
    const insert = db.insertInto(table).values(merged.slice(i, i + perStatement));
    if (keptOnce(t)) {
      const keys = t.key as readonly string[];
      inserted.push(
        ...(await insert
          .onConflict((oc) => oc.columns(keys).doNothing())
          .returning(keys)
          .execute()),
      );
      continue;
    }
    const set: Record<string, RawBuilder<unknown>> = {};
    for (const c of t.summed ?? []) set[c] = sql`${sql.ref(`${t.table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`;
    for (const c of t.latest ?? []) set[c] = sql.ref(`excluded.${c}`);
    const newer = t.newer;
    await insert
      .onConflict((oc) => {
        const update = oc.columns(t.key).doUpdateSet(set);
        if (!newer) return update;
        return update.where(
          sql<boolean>`${sql.ref(`excluded.${newer.column}`)} >= ${sql.ref(`${t.table}.${newer.column}`)} + ${sql.lit(newer.step)}`,
        );
      })
      .execute();
  }
  return inserted;
}

function mergedByKey(t: AnyRollupTable, rows: readonly LooseRow[]): LooseRow[] {
  const byKey = new Map<string, LooseRow>();
  for (const row of rows) {
    const key = t.key.map((c) => String(row[c])).join('\u0000');
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, row);
      continue;
    }
    const merged = { ...seen };
    for (const c of t.summed ?? []) merged[c] = Number(seen[c] ?? 0) + Number(row[c] ?? 0);
    if (!t.newer || Number(row[t.newer.column]) >= Number(seen[t.newer.column]))
      for (const c of t.latest ?? []) merged[c] = row[c];
    byKey.set(key, merged);
  }
  return [...byKey.values()];
}
