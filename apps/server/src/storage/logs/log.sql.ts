import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { campaignIs, inScope, type Scope, through } from '../sql/filters';
import type {
  ClickFacets,
  ConversionCredit,
  ConversionFacets,
  LogFilter,
  LoggedClick,
  LoggedConversion,
  LogPage,
  LogRepository,
} from './log.repository';

type ClickQuery = SelectQueryBuilder<DB & { k: DB['click'] }, 'k', object>;
type ConversionQuery = SelectQueryBuilder<DB & { v: DB['conversion'] }, 'v', object>;

const scopeOf = (f: LogFilter): Scope => ({ websiteId: f.websiteIds, from: f.from, to: through(f.to) });

/** The Clicks and Conversions Logs from the SQL rows. */
export class SqlLogRepository implements LogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private clicks(f: LogFilter): ClickQuery {
    let q = this.db.selectFrom('click as k').where(inScope(scopeOf(f), { alias: 'k' }));
    if (f.campaign) q = q.where(campaignIs(f.campaign, 'k'));
    if (f.source) q = q.where('k.source', '=', f.source);
    if (f.medium) q = q.where('k.medium', '=', f.medium);
    return q;
  }

  private conversions(f: LogFilter): ConversionQuery {
    let q = this.db.selectFrom('conversion as v').where(inScope(scopeOf(f), { alias: 'v' }));
    if (f.campaign) q = q.where(campaignIs(f.campaign, 'v'));
    if (f.goal) q = q.where('v.goal_name', '=', f.goal);
    return q;
  }

  async clickPage(f: LogFilter, page: LogPage): Promise<LoggedClick[]> {
    const before = page.before;
    let q = this.clicks(f)
      .leftJoin('campaign as c', 'c.id', 'k.campaign_id')
      .selectAll('k')
      .select('c.name as campaign_name')
      .orderBy('k.ts', 'desc')
      .orderBy('k.id', 'desc');
    if (before)
      q = q.where((eb) =>
        eb.or([eb('k.ts', '<', before.ts), eb.and([eb('k.ts', '=', before.ts), eb('k.id', '<', before.id)])]),
      );
    return q
      .limit(page.limit)
      .offset(page.offset ?? 0)
      .execute();
  }

  async clickCount(f: LogFilter): Promise<number> {
    const row = await this.clicks(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async conversionPage(f: LogFilter, page: LogPage): Promise<LoggedConversion[]> {
    const before = page.before;
    let q = this.conversions(f)
      .leftJoin('campaign as c', 'c.id', 'v.campaign_id')
      .selectAll('v')
      .select('c.name as campaign_name')
      .orderBy('v.ts', 'desc')
      .orderBy('v.id', 'desc');
    if (before)
      q = q.where((eb) =>
        eb.or([eb('v.ts', '<', before.ts), eb.and([eb('v.ts', '=', before.ts), eb('v.id', '<', before.id)])]),
      );
    return q
      .limit(page.limit)
      .offset(page.offset ?? 0)
      .execute();
  }

  async conversionCount(f: LogFilter): Promise<number> {
    const row = await this.conversions(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async conversionCredit(websiteId: string, id: string): Promise<ConversionCredit | undefined> {
    const row = await this.db
      .selectFrom('conversion')
      .select(['followed_up', 'credit_error', 'currency'])
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { state: Number(row.followed_up), issue: row.credit_error, currency: row.currency };
  }

  async clickFacets(f: LogFilter): Promise<ClickFacets> {
    const base = { ...f, campaign: undefined, source: undefined, medium: undefined };
    const [campaigns, sources, mediums] = await Promise.all([
      this.clicks(base)
        .leftJoin('campaign as c', 'c.id', 'k.campaign_id')
        .select(['k.campaign_id', 'c.name'])
        .distinct()
        .execute(),
      this.clicks(base).select('k.source').distinct().where('k.source', 'is not', null).execute(),
      this.clicks(base).select('k.medium').distinct().where('k.medium', 'is not', null).execute(),
    ]);
    return {
      campaigns: campaigns.map((r) => ({ id: r.campaign_id, name: r.name })),
      sources: sources.flatMap((r) => (r.source ? [r.source] : [])).sort(),
      mediums: mediums.flatMap((r) => (r.medium ? [r.medium] : [])).sort(),
    };
  }

  async conversionFacets(f: LogFilter): Promise<ConversionFacets> {
    const base = { ...f, campaign: undefined, goal: undefined };
    const [campaigns, goals] = await Promise.all([
      this.conversions(base)
        .leftJoin('campaign as c', 'c.id', 'v.campaign_id')
        .select(['v.campaign_id', 'c.name'])
        .distinct()
        .execute(),
      this.conversions(base).select('v.goal_name').distinct().execute(),
    ]);
    return {
      campaigns: campaigns.map((r) => ({ id: r.campaign_id, name: r.name })),
      goals: goals.map((r) => r.goal_name).sort(),
    };
  }
}
