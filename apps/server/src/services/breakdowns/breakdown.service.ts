import type { Breakdown, BreakdownDimension, BreakdownFilters, DashboardRange } from '@ocx/contracts';
import {
  breakdownPlan,
  breakdownRows,
  edgeEnd,
  isRolledBreakdown,
  isSessionBreakdown,
  rangeStart,
} from '@ocx/core';
import type { BreakdownPage } from '../../storage/breakdowns/breakdown.repository';
import type { ReportReaders } from '../../storage/events/report-reader-messages';
import type { Access, CurrentUser } from '../platform/access';

export interface BreakdownRequest {
  range: DashboardRange;
  dimension: BreakdownDimension;
  filters: BreakdownFilters;
  limit: number;
  offset: number;
}

/** What a breakdown needs to know of its website: whose rollups, and whether they are being re-keyed. */
interface BreakdownWebsite {
  id: string;
  timezone: string;
  rollup_rebuilt_until: number | null;
}

/** docs/definitions.md#breakdowns-and-filters breakdowns: one dimension's rows for a website, range and filters. */
export class BreakdownService {
  constructor(
    private readonly breakdowns: ReportReaders['breakdowns'],
    private readonly access: Access,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(user: CurrentUser, websiteId: string, request: BreakdownRequest): Promise<Breakdown> {
    const website = await this.access.website(user, websiteId, 'read');
    return this.forWebsite(website, request);
  }

  /**
   * The breakdown of a website the caller was allowed to read (a user's, or a shared link's).
   * Without filters, the dimensions kept in rollups (core ROLLED_BREAKDOWNS, SESSION_BREAKDOWNS) read them and visitor
   * values (goals, properties) read indexes (migration 0028), unless the rollups are being re-keyed
   * for a new time zone; everything else counts the raw events.
   */
  async forWebsite(website: BreakdownWebsite, request: BreakdownRequest): Promise<Breakdown> {
    const websiteId = website.id;
    const plan = breakdownPlan(request.dimension);
    const from = rangeStart(request.range, this.clock()) ?? 0;
    const filtered = Object.values(request.filters).some((v) => v !== undefined);
    const quick = !filtered && website.rollup_rebuilt_until === null;
    const [page, visitors] = await this.read(website, request, from, quick);
    const isCampaign = plan.source.kind === 'session' && plan.source.column === 'campaign_id';
    const ids = page.rows.flatMap((r) => (r.value === null ? [] : [r.value]));
    const labels = isCampaign
      ? await this.breakdowns.campaignNames(websiteId, ids)
      : new Map<string, string>();
    return { rows: breakdownRows(plan, page.rows, visitors, labels), total: page.total, visitors };
  }

  /**
   * The page of rows and the visitors in scope: from the rollups or indexes when `quick` (no
   * filters, and no re-keying for a new zone, when every read beside the raw events steps aside),
   * else from the raw events.
   */
  private read(
    website: BreakdownWebsite,
    request: BreakdownRequest,
    from: number,
    quick: boolean,
  ): Promise<[BreakdownPage, number]> {
    const websiteId = website.id;
    const { dimension } = request;
    const plan = breakdownPlan(dimension);
    const { source } = plan;
    if (quick && source.kind === 'visitor')
      return Promise.all([
        this.breakdowns.visitorValueRows({ websiteId, from }, source, request),
        this.breakdowns.rolledVisitors(websiteId, from),
      ]);
    if (quick && source.kind === 'session' && isSessionBreakdown(dimension))
      return Promise.all([
        this.breakdowns.sessionRows({ websiteId, from }, dimension, source, request),
        this.breakdowns.rolledVisitors(websiteId, from),
      ]);
    if (quick && isRolledBreakdown(dimension))
      return Promise.all([
        this.breakdowns.rolledRows(
          { websiteId, from, wholeDays: from === 0 ? 0 : edgeEnd(from, website.timezone) },
          dimension,
          plan.listsUnknown,
          request,
        ),
        this.breakdowns.rolledVisitors(websiteId, from),
      ]);
    const scope = { websiteId, from, filters: request.filters };
    return Promise.all([
      this.breakdowns.rows(scope, source, plan.listsUnknown, request),
      this.breakdowns.visitors(scope),
    ]);
  }
}
