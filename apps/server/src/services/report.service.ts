import { type AttributionModel, type AttributionReport, attributionModels } from '@ocx/contracts';
import type { ReportRepository } from '../storage/sql/report.repository';
import type { CurrentUser, WebsiteService } from './website.service';

/** Credit-based figures (fractional conversions and value) of the active attribution version. */
export class ReportService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly websites: WebsiteService,
  ) {}

  /** DESIGN §10: every model's conversions and value per campaign and channel, side by side. */
  async attribution(
    user: CurrentUser,
    websiteId: string,
    from: number,
    to: number,
  ): Promise<AttributionReport> {
    await this.websites.owned(user, websiteId);
    const sums = await this.reports.creditSums(websiteId, from, to);
    const models = Object.fromEntries(
      attributionModels.map((m) => [m, []]),
    ) as unknown as AttributionReport['models'];
    for (const s of sums) {
      models[s.model as AttributionModel]?.push({
        campaignId: s.campaignId,
        campaignName: s.campaignName,
        channel: s.channel,
        conversions: s.conversions,
        value: s.value,
      });
    }
    for (const rows of Object.values(models))
      rows.sort(
        (a, b) => b.conversions - a.conversions || (a.campaignName ?? '').localeCompare(b.campaignName ?? ''),
      );
    return { models };
  }

  /** Conversions and value per campaign under one model, all time. */
  async campaignCredits(
    websiteId: string,
    model: AttributionModel,
  ): Promise<Map<string, { conversions: number; value: number }>> {
    const sums = await this.reports.creditSums(websiteId, 0, Number.MAX_SAFE_INTEGER, model);
    const byCampaign = new Map<string, { conversions: number; value: number }>();
    for (const s of sums) {
      if (!s.campaignId) continue;
      const t = byCampaign.get(s.campaignId) ?? { conversions: 0, value: 0 };
      t.conversions += s.conversions;
      t.value += s.value;
      byCampaign.set(s.campaignId, t);
    }
    return byCampaign;
  }
}
