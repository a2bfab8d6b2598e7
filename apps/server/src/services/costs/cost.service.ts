import {
  type ApiCosts,
  type CampaignCostDay,
  type CostImport,
  type CostImportResult,
  type CostPreview,
  type ManualCost,
  messages,
} from '@ocx/contracts';
import {
  CsvFormatError,
  daysBetween,
  fromMinorUnits,
  MAX_SPREAD_DAYS,
  type MatchableCampaign,
  matchCostRows,
  parseCostReport,
  spreadEvenly,
  toMinorUnits,
} from '@ocx/core';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignRepository, StoredCampaign } from '../../storage/campaigns/campaign.repository';
import type { AdCostRepository, CostDay } from '../../storage/costs/ad-cost.repository';
import type { Access, CurrentUser } from '../platform/access';

const slot = (d: { campaignId: string; day: string }) => `${d.campaignId}\u0000${d.day}`;

function matchable(campaign: StoredCampaign): MatchableCampaign {
  return { id: campaign.id, name: campaign.name, utmCampaign: campaign.utmParams.campaign ?? null };
}

/**
 * Ad spend in: manual entry spread over days, a platform's CSV report (previewed, then imported),
 * and scripts with an API key. A campaign's day stored again is replaced. Rows are only ever
 * matched to the campaigns of the one website asked about.
 */
export class CostService {
  constructor(
    private readonly costs: AdCostRepository,
    private readonly campaigns: CampaignRepository,
    private readonly access: Access,
  ) {}

  async manual(
    user: CurrentUser,
    websiteId: string,
    campaignId: string,
    input: ManualCost,
  ): Promise<CostImportResult> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.campaigns.find(websiteId, campaignId)))
      throw new NotFoundError(messages.campaigns.notFound);
    const days = daysBetween(input.startDate, input.endDate);
    if (!days) throw new ValidationError('The end date must be on or after the start date', 'endDate');
    if (days.length > MAX_SPREAD_DAYS) throw new ValidationError('Enter at most 366 days at once', 'endDate');
    const total = toMinorUnits(input.amount, input.currency);
    const spread = spreadEvenly(total, days).map(
      (d): CostDay => ({
        campaignId,
        day: d.day,
        currency: input.currency,
        minor: d.minor,
        origin: 'manual',
      }),
    );
    const { replaced } = await this.costs.upsert(websiteId, spread);
    return { saved: spread.length, replaced, unmatched: 0, duplicate: 0 };
  }

  async list(user: CurrentUser, websiteId: string, campaignId: string): Promise<CampaignCostDay[]> {
    await this.access.website(user, websiteId, 'read');
    if (!(await this.campaigns.find(websiteId, campaignId)))
      throw new NotFoundError(messages.campaigns.notFound);
    return (await this.costs.listByCampaign(websiteId, campaignId)).map((d) => ({
      day: d.day,
      amount: fromMinorUnits(d.minor, d.currency),
      currency: d.currency,
      origin: d.origin,
    }));
  }

  /** What an import of the file would do, row by row; nothing is saved. */
  async preview(user: CurrentUser, websiteId: string, input: CostImport): Promise<CostPreview> {
    await this.access.website(user, websiteId, 'read');
    return this.read(websiteId, input);
  }

  /** Saves the matched rows of the file; a file with any unreadable line saves nothing. */
  async import(user: CurrentUser, websiteId: string, input: CostImport): Promise<CostImportResult> {
    await this.access.website(user, websiteId, 'write');
    const preview = await this.read(websiteId, input);
    const days = preview.rows.flatMap((r): CostDay[] =>
      r.status === 'matched' && r.campaignId
        ? [
            {
              campaignId: r.campaignId,
              day: r.day,
              currency: r.currency,
              minor: toMinorUnits(r.amount, r.currency),
              origin: 'csv',
            },
          ]
        : [],
    );
    const { replaced } = await this.costs.upsert(websiteId, days);
    return { saved: days.length, replaced, unmatched: preview.unmatched, duplicate: preview.duplicate };
  }

  private async read(websiteId: string, input: CostImport): Promise<CostPreview> {
    let report: ReturnType<typeof parseCostReport>;
    try {
      report = parseCostReport(input.csv, input.currency ?? null);
    } catch (error) {
      if (error instanceof CsvFormatError) throw new ValidationError(error.message, 'csv');
      throw error;
    }
    const campaigns = (await this.campaigns.listByWebsite(websiteId)).map(matchable);
    const matched = matchCostRows(report.rows, campaigns);
    const stored = await this.costs.storedDays(
      websiteId,
      matched.flatMap((r) => (r.status === 'matched' ? [{ campaignId: r.campaignId, day: r.day }] : [])),
    );
    const rows = matched.map((r) => ({
      line: r.line,
      day: r.day,
      campaign: r.campaign,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      campaignId: r.status === 'unmatched' ? null : r.campaignId,
      campaignName: r.status === 'unmatched' ? null : r.campaignName,
      replaces: r.status === 'matched' && stored.has(slot(r)),
      duplicateOf: r.status === 'duplicate' ? r.duplicateOf : null,
    }));
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    return {
      layout: report.layout,
      rows,
      matched: count('matched'),
      unmatched: count('unmatched'),
      duplicate: count('duplicate'),
    };
  }

  /**
   * POST /api/v1/costs: days for the API key's website; each names its campaign by id, ocxid,
   * utm_campaign or name. Unknown campaigns are answered by index, the others saved.
   */
  async fromApi(
    websiteId: string,
    input: ApiCosts,
  ): Promise<{ saved: number; replaced: number; unmatched: { index: number; campaign: string }[] }> {
    const rows = await this.campaigns.listByWebsite(websiteId);
    const byRef = new Map<string, string>();
    const add = (ref: string | null, id: string) => {
      const k = ref?.trim().toLowerCase();
      if (k && !byRef.has(k)) byRef.set(k, id);
    };
    for (const r of rows) add(r.id, r.id);
    for (const r of rows) add(r.ocxid, r.id);
    for (const r of rows) add(matchable(r).utmCampaign, r.id);
    for (const r of rows) add(r.name, r.id);
    const unmatched: { index: number; campaign: string }[] = [];
    const days = new Map<string, CostDay>();
    input.costs.forEach((c, index) => {
      const campaignId = byRef.get(c.campaign.trim().toLowerCase());
      if (!campaignId) {
        unmatched.push({ index, campaign: c.campaign });
        return;
      }
      // A later entry for the same campaign and day wins, as a later request would.
      const day: CostDay = {
        campaignId,
        day: c.date,
        currency: c.currency,
        minor: toMinorUnits(c.amount, c.currency),
        origin: 'api',
      };
      days.set(slot(day), day);
    });
    const { replaced } = await this.costs.upsert(websiteId, [...days.values()]);
    return { saved: days.size, replaced, unmatched };
  }
}
