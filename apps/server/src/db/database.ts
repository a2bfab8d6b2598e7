import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config/app-config';
import { type Dialect, onDialect } from './dialect';
import { SearchPathPostgresDialect } from './pg-introspector';
import type { DB } from './schema';
import { waitingWhenBusy } from './sqlite-busy-wait';

export type { Dialect };

const INT8_OID = 20;
const parseInt8 = (value: string) => Number(value);

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The raw SQLite connection under `db`, for the ingestion hot path (undefined on PostgreSQL). */
  sqlite: SqliteDatabase.Database | undefined;
  /** PostgreSQL schema the tables live in when not the default (used by the test suites). */
  schema: string | undefined;
  version(): Promise<string>;
  destroy(): Promise<void>;
}

interface OpenOptions {
  /**
   * Hears of PostgreSQL connections that broke (a restart, a network cut); the pool has dropped
   * them already and connects anew for the next query.
   */
  onConnectionError?: (err: Error) => void;
  /** SQLite page cache of this connection, in MB (see SQLITE_CACHE_MB). */
  sqliteCacheMb?: number;
}

/**
 * SQLite page cache per connection, by what the connection does. Each cache fills up to its size
 * and stays full, so together they are most of the server's memory beyond the JavaScript heap:
 * the event writer's collect lookups (visits, visitors, clicks) want a large one; the HTTP
 * thread's reads mostly hit the rollups; the auth thread reads a session row at a time.
 * bench:soak measured all three at 64 MB: RSS still grew by 119 MB after minute 2.
 */
export const SQLITE_CACHE_MB = { writer: 64, http: 16, reader: 16, auth: 2 } as const;

export function openDatabase(target: AppConfig['database'], options: OpenOptions = {}): Database {
  return onDialect(target, {
    sqlite: (t) => openSqlite(t.file, options.sqliteCacheMb ?? SQLITE_CACHE_MB.http),
    postgres: (t) => openPostgres(t.url, t.schema, options.onConnectionError ?? (() => {})),
  });
}

/** Every connection to the file gets the same settings, the writer thread's included. */
export function openSqliteConnection(
  file: string,
  cacheMb: number = SQLITE_CACHE_MB.http,
): SqliteDatabase.Database {
  // Readable by this user only; SQLite gives new -wal and -shm files the database file's mode, and
  // files an older version left readable by others are tightened.
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`])
    if (existsSync(path) && statSync(path).mode & 0o077) chmodSync(path, 0o600);
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before collect answers 2xx, also across power loss (docs/decisions.md#nothing-acknowledged-is-lost).
  connection.pragma('synchronous = FULL');
  // A negative cache_size is in KiB.
  connection.pragma(`cache_size = -${Math.round(cacheMb * 1024)}`);
  connection.pragma('foreign_keys = ON');
  // Kysely's statements wait for the write lock asynchronously (sqlite-busy-wait.ts); a caller of
  // the raw connection that wants SQLite's blocking wait sets its own busy_timeout.
  connection.pragma('busy_timeout = 0');
  return connection;
}

/**
 * Kysely asks the driver to prepare every query anew; compiling the same SQL thousands of times a
 * second showed up in profiles, so prepared statements are kept per SQL text (bounded).
 */
function withStatementCache(connection: SqliteDatabase.Database, max = 500) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = connection.prepare(sql);
        if (cache.size >= max) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Two connections write to the file (the HTTP thread's and the auth thread's). A deferred
 * transaction that reads first and writes later fails at once with SQLITE_BUSY when the other
 * committed in between (no busy wait applies); taking the write lock at `begin` waits instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  private waiting: DatabaseConnection | undefined;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.waiting ??= waitingWhenBusy(connection);
    return this.waiting;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

function openSqlite(file: string, cacheMb: number): Database {
  const connection = openSqliteConnection(file, cacheMb);
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(connection) }),
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite: connection,
    schema: undefined,
    async version() {
      const { rows } = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
      return `SQLite ${rows[0]?.v ?? '?'}`;
    },
    destroy: () => db.destroy(),
  };
}

function openPostgres(
  url: string,
  schema: string | undefined,
  onConnectionError: (err: Error) => void,
): Database {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Event times and counts are bigint; they fit a JS number, so read them as numbers.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format),
    },
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // A stopped or unreachable server fails a query within seconds instead of holding it forever.
    connectionTimeoutMillis: 5_000,
  });
  // A connection the server closes (restart, network cut) is an 'error' event: on the pool while the
  // connection is idle, on the connection itself while a transaction holds it between two queries.
  // Unheard, either ends the process. The pool drops a broken connection and opens a new one later.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = new Kysely<DB>({ dialect: new SearchPathPostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    sqlite: undefined,
    schema,
    async version() {
      const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
      return `PostgreSQL ${rows[0]?.v ?? '?'}`;
    },
    destroy: () => db.destroy(),
  };
}
