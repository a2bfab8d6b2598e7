import type { Breakdown, BreakdownDimension, BreakdownFilters, DashboardRange } from '@ocx/contracts';
import { breakdownPlan, breakdownRows, rangeStart } from '@ocx/core';
import type { ReportReaders } from '../storage/sql/report-reader-messages';
import type { Access, CurrentUser } from './access';

export interface BreakdownRequest {
  range: DashboardRange;
  dimension: BreakdownDimension;
  filters: BreakdownFilters;
  limit: number;
  offset: number;
}

/** DESIGN §10 breakdowns: one dimension's rows for a website, range and filters. */
export class BreakdownService {
  constructor(
    private readonly breakdowns: ReportReaders['breakdowns'],
    private readonly access: Access,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(user: CurrentUser, websiteId: string, request: BreakdownRequest): Promise<Breakdown> {
    await this.access.website(user, websiteId, 'read');
    return this.forWebsite(websiteId, request);
  }

  /** The breakdown of a website the caller was allowed to read (a user's, or a shared link's). */
  async forWebsite(websiteId: string, request: BreakdownRequest): Promise<Breakdown> {
    const plan = breakdownPlan(request.dimension);
    const scope = { websiteId, from: rangeStart(request.range, this.clock()) ?? 0, filters: request.filters };
    const [page, visitors] = await Promise.all([
      this.breakdowns.rows(scope, plan.source, plan.listsUnknown, request),
      this.breakdowns.visitors(scope),
    ]);
    const isCampaign = plan.source.kind === 'session' && plan.source.column === 'campaign_id';
    const ids = page.rows.flatMap((r) => (r.value === null ? [] : [r.value]));
    const labels = isCampaign
      ? await this.breakdowns.campaignNames(websiteId, ids)
      : new Map<string, string>();
    return { rows: breakdownRows(plan, page.rows, visitors, labels), total: page.total, visitors };
  }
}
