import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ConversionTable, DB } from '../../db/schema';
import { inScope, through } from '../sql/filters';

export type ConversionRow = Selectable<ConversionTable>;

/** Server-to-server conversions and the facts they are tied to. */
export class ConversionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Inserts unless the website already has this dedupe key; true when inserted. */
  async insertUnlessDuplicate(row: Insertable<ConversionTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('conversion')
      .values(row)
      .onConflict((oc) => oc.columns(['website_id', 'dedupe_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  byDedupeKey(websiteId: string, dedupeKey: string): Promise<ConversionRow | undefined> {
    return this.db
      .selectFrom('conversion')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirst();
  }

  /** A click by its OCX id or by the ad platform's click id (gclid …), newest first. */
  clickById(websiteId: string, clickId: string) {
    return this.db
      .selectFrom('click')
      .select(['id', 'visitor_id', 'campaign_id', 'ts'])
      .where('website_id', '=', websiteId)
      .where((eb) => eb.or([eb('id', '=', clickId), eb('click_id', '=', clickId)]))
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The visitor's latest session entrance at or before `ts`: the session a conversion belongs to. */
  latestClick(websiteId: string, visitorId: string, ts: number) {
    return this.db
      .selectFrom('click')
      .select(['id', 'campaign_id'])
      .where(inScope({ websiteId, to: through(ts) }))
      .where('visitor_id', '=', visitorId)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The conversions with a value above 0 of `websiteIds` from `from` through `to`, newest first, at
   * most `limit`; only those of `visitorIds` when given. What the overlap rule reads
   * (docs/definitions.md#valued-goals-that-overlap).
   */
  async valued(q: { websiteIds: string[]; from: number; to: number; visitorIds?: string[]; limit: number }) {
    if (q.websiteIds.length === 0 || q.visitorIds?.length === 0) return [];
    let query = this.db
      .selectFrom('conversion')
      .select(['id', 'website_id', 'goal_id', 'goal_name', 'visitor_id', 'ts'])
      .where('website_id', 'in', q.websiteIds)
      .where('ts', '>=', q.from)
      .where('ts', '<=', q.to)
      .where('value_minor', '>', 0)
      .where('visitor_id', 'is not', null);
    if (q.visitorIds) query = query.where('visitor_id', 'in', q.visitorIds);
    const rows = await query.orderBy('ts', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
    return rows.map((r) => ({ ...r, ts: Number(r.ts) }));
  }

  async goalIdByName(websiteId: string, name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('goal')
      .select('id')
      .where('website_id', '=', websiteId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.id ?? null;
  }
}
