import type { ColumnType } from 'kysely';

/** Timestamps are ISO text on SQLite and timestamptz on PostgreSQL; read them through toIso(). */
export type Timestamp = ColumnType<string | Date, string, string>;
