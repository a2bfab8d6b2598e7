import {
  type AttributionModel,
  type AttributionReport,
  type AttributionRow,
  attributionModels,
} from '@ocx/contracts';
import { type Amounts, addAmount, roundAmounts } from '@ocx/core';
import type { CreditSum, ReportRepository } from '../storage/sql/report.repository';
import type { CurrentUser, WebsiteService } from './website.service';

/** A campaign's credit under one model: conversions, and value per currency. */
export interface CampaignCredit {
  conversions: number;
  value: number;
  valueByCurrency: Amounts;
}

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
    // The repository sums per currency too: one report row per model, campaign and channel.
    const rows = new Map<string, { model: AttributionModel; row: AttributionRow }>();
    for (const s of sums) {
      const key = `${s.model}\u0000${s.campaignId ?? ''}\u0000${s.channel}`;
      let entry = rows.get(key);
      if (!entry) {
        const row = { campaignId: s.campaignId, campaignName: s.campaignName, channel: s.channel };
        entry = {
          model: s.model as AttributionModel,
          row: { ...row, conversions: 0, value: 0, valueByCurrency: {} },
        };
        rows.set(key, entry);
      }
      addCredit(entry.row, s);
    }
    for (const { model, row } of rows.values()) {
      row.valueByCurrency = roundAmounts(row.valueByCurrency);
      models[model]?.push(row);
    }
    for (const list of Object.values(models))
      list.sort(
        (a, b) => b.conversions - a.conversions || (a.campaignName ?? '').localeCompare(b.campaignName ?? ''),
      );
    return { models };
  }

  /** Conversions and value per campaign under one model, all time. */
  async campaignCredits(websiteId: string, model: AttributionModel): Promise<Map<string, CampaignCredit>> {
    const sums = await this.reports.creditSums(websiteId, 0, Number.MAX_SAFE_INTEGER, model);
    const byCampaign = new Map<string, CampaignCredit>();
    for (const s of sums) {
      if (!s.campaignId) continue;
      const credit = byCampaign.get(s.campaignId) ?? { conversions: 0, value: 0, valueByCurrency: {} };
      addCredit(credit, s);
      byCampaign.set(s.campaignId, credit);
    }
    for (const credit of byCampaign.values()) credit.valueByCurrency = roundAmounts(credit.valueByCurrency);
    return byCampaign;
  }
}

function addCredit(into: CampaignCredit, sum: CreditSum): void {
  into.conversions += sum.conversions;
  into.value += sum.value;
  addAmount(into.valueByCurrency, sum.currency, sum.value);
}
