import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The daily salts of hash visitors, one row per UTC day (YYYY-MM-DD). */
export class VisitorSaltRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The day's salt, storing `candidate` first when the day has none (another server may win the race). */
  async findOrInsert(day: string, candidate: string): Promise<string> {
    await this.db
      .insertInto('visitor_salt')
      .values({ day, salt: candidate })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('visitor_salt')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }

  /** Deletes the salts of days before `day`; returns how many went. */
  async deleteBefore(day: string): Promise<number> {
    const result = await this.db.deleteFrom('visitor_salt').where('day', '<', day).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async days(): Promise<string[]> {
    const rows = await this.db.selectFrom('visitor_salt').select('day').orderBy('day').execute();
    return rows.map((r) => r.day);
  }
}
