import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RetentionRepository } from './retention.repository';

/** Retention (retention.repository.ts) with everything in the SQL database. */
export class SqlRetentionRepository implements RetentionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  websites(): Promise<{ id: string; retention_months: number }[]> {
    return this.db.selectFrom('website').select(['id', 'retention_months']).orderBy('id').execute();
  }

  async deleteOlder(websiteId: string, before: number, batch: number): Promise<number> {
    const events = await this.deleteOlderEvents(websiteId, before, batch);
    return events + (await this.deleteOlderRows(websiteId, before, batch));
  }

  /** Deletes up to `batch` raw events older than `before` from the `event` table; returns how many went. */
  private async deleteOlderEvents(websiteId: string, before: number, batch: number): Promise<number> {
    const result = await this.db
      .deleteFrom('event')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('event')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('ts', '<', before)
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Deletes up to `batch` rows older than `before` (ms) of each table but the raw events (clicks,
   * conversions, credits, postback deliveries, visits); returns how many went.
   */
  async deleteOlderRows(websiteId: string, before: number, batch: number): Promise<number> {
    let deleted = 0;
    for (const table of ['click', 'conversion'] as const) {
      const result = await this.db
        .deleteFrom(table)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom(table)
            .select('id')
            .where('website_id', '=', websiteId)
            .where('ts', '<', before)
            .limit(batch),
        )
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    const credits = await this.db
      .deleteFrom('touch_credit')
      .where('website_id', '=', websiteId)
      .where('conversion_id', 'in', (eb) =>
        eb
          .selectFrom('touch_credit')
          .select('conversion_id')
          .where('website_id', '=', websiteId)
          .where('ts', '<', before)
          .limit(batch),
      )
      .executeTakeFirst();
    const deliveries = await this.db
      .deleteFrom('postback_delivery')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('postback_delivery')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('created_at', '<', before)
          .limit(batch),
      )
      .executeTakeFirst();
    const visits = await this.db
      .deleteFrom('visit')
      .where('website_id', '=', websiteId)
      .where('session_id', 'in', (eb) =>
        eb
          .selectFrom('visit')
          .select('session_id')
          .where('website_id', '=', websiteId)
          .where('last_seen', '<', before)
          .limit(batch),
      )
      .executeTakeFirst();
    return (
      deleted +
      Number(credits.numDeletedRows) +
      Number(deliveries.numDeletedRows) +
      Number(visits.numDeletedRows)
    );
  }
}
