import type { Funnel, FunnelStepConditions } from '@ocx/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, FunnelStepTable, FunnelTable } from '../../db/schema';
import { stepConditions, toFunnel } from './funnel.mapper';

/** A step to store; its conditions are kept as JSON text. */
export type FunnelStepInsert = Omit<Insertable<FunnelStepTable>, 'funnel_id' | 'conditions'> & {
  conditions: FunnelStepConditions;
};

/** Funnels and their steps, answered as the API shows them; callers check that the user owns the funnel's website. */
export class FunnelRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listByWebsite(websiteId: string): Promise<Funnel[]> {
    const rows = await this.db
      .selectFrom('funnel')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return this.withSteps(rows);
  }

  async find(id: string): Promise<Funnel | undefined> {
    const row = await this.db.selectFrom('funnel').selectAll().where('id', '=', id).executeTakeFirst();
    return row && (await this.withSteps([row]))[0];
  }

  /** The click selectors of a website's funnel steps, for the tracker's public config. */
  async stepSelectors(websiteId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('funnel_step')
      .innerJoin('funnel', 'funnel.id', 'funnel_step.funnel_id')
      .select('funnel_step.conditions')
      .where('funnel.website_id', '=', websiteId)
      .execute();
    return rows.flatMap((r) => {
      const { selector } = stepConditions(r.conditions);
      return selector ? [selector] : [];
    });
  }

  async insert(funnel: Insertable<FunnelTable>, steps: FunnelStepInsert[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('funnel').values(funnel).execute();
      await trx
        .insertInto('funnel_step')
        .values(steps.map((s) => stepRow(funnel.id, s)))
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
        .values(steps.map((s) => stepRow(id, s)))
        .execute();
    });
  }

  async delete(id: string): Promise<void> {
    // Steps go with it (on delete cascade).
    await this.db.deleteFrom('funnel').where('id', '=', id).execute();
  }

  /** The funnels with their own steps, in step order. */
  private async withSteps(rows: Selectable<FunnelTable>[]): Promise<Funnel[]> {
    if (rows.length === 0) return [];
    const steps = await this.db
      .selectFrom('funnel_step')
      .selectAll()
      .where(
        'funnel_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('funnel_id')
      .orderBy('step_order')
      .execute();
    return rows.map((row) =>
      toFunnel(
        row,
        steps.filter((s) => s.funnel_id === row.id),
      ),
    );
  }
}

const stepRow = (funnelId: string, step: FunnelStepInsert): Insertable<FunnelStepTable> => ({
  ...step,
  funnel_id: funnelId,
  conditions: JSON.stringify(step.conditions),
});
