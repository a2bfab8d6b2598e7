import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Deletes a website's rows older than a cutoff, a batch at a time (never a whole table at once,
 * and a stop between batches loses nothing: the next run goes on). Dashboard rollups (dash_*) and
 * identity links are kept, so the dashboard's totals of old periods still show.
 */
export class RetentionRepository {
  constructor(protected readonly db: Kysely<DB>) {}

  /** Deletes up to `batch` raw events older than `before`; returns how many went. */
  protected async deleteOlderEvents(websiteId: string, before: number, batch: number): Promise<number> {
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

  websites(): Promise<{ id: string; retention_months: number }[]> {
    return this.db.selectFrom('website').select(['id', 'retention_months']).orderBy('id').execute();
  }

  /** Deletes up to `batch` rows of each table older than `before` (ms); returns how many went. */
  async deleteOlder(websiteId: string, before: number, batch: number): Promise<number> {
    let deleted = await this.deleteOlderEvents(websiteId, before, batch);
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
