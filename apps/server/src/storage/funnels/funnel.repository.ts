import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, FunnelStepTable, FunnelTable } from '../../db/schema';

export type FunnelRow = Selectable<FunnelTable>;
export type FunnelStepRow = Selectable<FunnelStepTable>;
export type FunnelStepInsert = Omit<Insertable<FunnelStepTable>, 'funnel_id'>;

/** Funnels and their steps; callers check that the user owns the funnel's website. */
export class FunnelRepository {
  constructor(private readonly db: Kysely<DB>) {}

  listByWebsite(websiteId: string): Promise<FunnelRow[]> {
    return this.db
      .selectFrom('funnel')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  find(id: string): Promise<FunnelRow | undefined> {
    return this.db.selectFrom('funnel').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Steps of the given funnels in step order. */
  stepsOf(funnelIds: string[]): Promise<FunnelStepRow[]> {
    if (funnelIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('funnel_step')
      .selectAll()
      .where('funnel_id', 'in', funnelIds)
      .orderBy('funnel_id')
      .orderBy('step_order')
      .execute();
  }

  /** The click selectors of a website's funnel steps, for the tracker's public config. */
  async selectorConditions(websiteId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('funnel_step')
      .innerJoin('funnel', 'funnel.id', 'funnel_step.funnel_id')
      .select('funnel_step.conditions')
      .where('funnel.website_id', '=', websiteId)
      .execute();
    return rows.map((r) => r.conditions);
  }

  async insert(funnel: Insertable<FunnelTable>, steps: FunnelStepInsert[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('funnel').values(funnel).execute();
      await trx
        .insertInto('funnel_step')
        .values(steps.map((s) => ({ ...s, funnel_id: funnel.id })))
        .execute();
    });
  }

  /** Replaces name, description and all steps in one transaction. */
  async update(
    id: string,
    changes: { name: string; description: string; updated_at: string },
    steps: FunnelStepInsert[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('funnel').set(changes).where('id', '=', id).execute();
      await trx.deleteFrom('funnel_step').where('funnel_id', '=', id).execute();
      await trx
        .insertInto('funnel_step')
        .values(steps.map((s) => ({ ...s, funnel_id: id })))
        .execute();
    });
  }

  async delete(id: string): Promise<void> {
    // Steps go with it (on delete cascade).
    await this.db.deleteFrom('funnel').where('id', '=', id).execute();
  }
}
