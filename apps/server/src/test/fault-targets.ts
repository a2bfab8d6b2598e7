import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * The database a real server process writes to in the fault tests, and how the test reads it back
 * afterwards: a SQLite file in the data directory, or a fresh PostgreSQL database on the
 * TEST_DATABASE_URL server (dropped at the end).
 */
export interface FaultDatabase {
  /** Environment for the server process (DATABASE_URL; empty for SQLite). */
  env: Record<string, string>;
  /** Event ids stored for a website. */
  storedEventIds(siteId: string): Promise<Set<string>>;
  /** Events of the website without their visit (not derived yet). */
  underived(siteId: string): Promise<number>;
  drop(): Promise<void>;
}

export function sqliteFaultDatabase(dataDir: string): FaultDatabase {
  const file = join(dataDir, 'ocx.sqlite');
  const read = <T>(fn: (db: Database.Database) => T): T => {
    // Opening read-write replays the WAL exactly as the next server start would.
    const db = new Database(file);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  return {
    env: { DATABASE_URL: '' },
    storedEventIds: async (siteId) =>
      read(
        (db) =>
          new Set(
            db.prepare('select event_id from event where website_id = ?').pluck().all(siteId) as string[],
          ),
      ),
    underived: async (siteId) =>
      read(
        (db) =>
          db
            .prepare(
              `select count(*) from event e where e.website_id = ? and not exists
                (select 1 from visit v where v.website_id = e.website_id and v.session_id = e.session_id)`,
            )
            .pluck()
            .get(siteId) as number,
      ),
    drop: async () => {},
  };
}

/** A fresh database on the server of `adminUrl` (TEST_DATABASE_URL). */
export async function postgresFaultDatabase(adminUrl: string): Promise<FaultDatabase> {
  const name = `ocx_fault_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const query = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    withClient(url.toString(), async (c) => (await c.query(text, values)).rows as T[]);
  return {
    env: { DATABASE_URL: url.toString() },
    storedEventIds: async (siteId) =>
      new Set(
        (await query<{ event_id: string }>('select event_id from event where website_id = $1', [siteId])).map(
          (r) => r.event_id,
        ),
      ),
    underived: async (siteId) =>
      Number(
        (
          await query<{ n: string }>(
            `select count(*) as n from event e where e.website_id = $1 and not exists
              (select 1 from visit v where v.website_id = e.website_id and v.session_id = e.session_id)`,
            [siteId],
          )
        )[0]?.n ?? 0,
      ),
    drop: () =>
      withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
