import {
  type AttributionModel,
  type AttributionReport,
  type AttributionRow,
  attributionModels,
} from '@ocx/contracts';
import {
  type Amounts,
  addMinor,
  buildSpendReport,
  type CampaignCostSum,
  localDate,
  type MinorAmounts,
  majorAmounts,
  percentOf,
  singleAmount,
} from '@ocx/core';
import { ValidationError } from '../../errors';
import type { CreditSum, ReportRepository } from '../../storage/attribution/report.repository';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type { AdCostRepository } from '../../storage/costs/ad-cost.repository';
import { logRange } from '../logs/log-range';
import type { Access, CurrentUser } from '../platform/access';

/** A campaign's credit under one model: conversions, and value per currency. */
interface CampaignCredit {
  conversions: number;
  /** The single currency's value; null when the campaign's conversions have several. */
  value: number | null;
  valueByCurrency: Amounts;
}

/** Sums of one row under one model; value stays in minor units until the row is complete. */
interface Tally {
  conversions: number;
  minor: MinorAmounts;
}

const tally = (): Tally => ({ conversions: 0, minor: {} });
const add = (into: Tally, sum: CreditSum, model: AttributionModel) => {
  into.conversions += sum.conversions[model] ?? 0;
  addMinor(into.minor, sum.currency, sum.valueMinor[model] ?? 0);
};
const credit = (t: Tally): CampaignCredit => {
  const valueByCurrency = majorAmounts(t.minor);
  return { conversions: t.conversions, value: singleAmount(valueByCurrency), valueByCurrency };
};

/** Credit-based figures (fractional conversions and value) of the active attribution version. */
export class ReportService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly access: Access,
    /** Ad spend (docs/definitions.md#ad-spend) and the campaigns' networks and sources, for CPA and ROAS. */
    private readonly spend: {
      costs: Pick<AdCostRepository, 'sums'>;
      campaigns: Pick<CampaignRepository, 'listByWebsite'>;
    },
  ) {}

  /** docs/decisions.md#fixed-interfaces: every model's conversions and value per campaign and channel, side by side. */
  async attribution(
    user: CurrentUser,
    websiteId: string,
    dates: { startDate?: string | undefined; endDate?: string | undefined },
  ): Promise<AttributionReport> {
    const website = await this.access.website(user, websiteId, 'read');
    // Plain dates are the website's local days (docs/definitions.md#time-zone).
    const { from, to } = logRange(dates, website.timezone);
    if (Number.isNaN(from) || Number.isNaN(to))
      throw new ValidationError('startDate and endDate must be ISO dates');
    const [sums, visits] = await Promise.all([
      this.reports.creditSums(websiteId, from, to),
      this.reports.visitCounts(websiteId, from, to),
    ]);
    // The repository sums per currency too: one report row per model, campaign and channel.
    const rows = new Map<
      string,
      { campaignId: string | null; campaignName: string | null; channel: string }
    >();
    const tallies = new Map<string, Record<AttributionModel, Tally>>();
    for (const s of sums) {
      const key = `${s.campaignId ?? ''}\u0000${s.channel}`;
      if (!rows.has(key)) {
        rows.set(key, { campaignId: s.campaignId, campaignName: s.campaignName, channel: s.channel });
        tallies.set(
          key,
          Object.fromEntries(attributionModels.map((m) => [m, tally()])) as Record<AttributionModel, Tally>,
        );
      }
      const perModel = tallies.get(key);
      if (perModel) for (const m of attributionModels) add(perModel[m], s, m);
    }
    const models = Object.fromEntries(
      attributionModels.map((m) => [
        m,
        [...rows].map(([key, row]): AttributionRow => {
          const t = tallies.get(key)?.[m] ?? tally();
          const { value, valueByCurrency, conversions } = credit(t);
          return { ...row, conversions, value, valueByCurrency };
        }),
      ]),
    ) as AttributionReport['models'];
    for (const list of Object.values(models))
      list.sort(
        (a, b) => b.conversions - a.conversions || (a.campaignName ?? '').localeCompare(b.campaignName ?? ''),
      );
    // Spend days are the ad platforms' plain dates: the local days the range touches.
    const [costs, campaigns] = await Promise.all([
      this.spend.costs.sums(websiteId, localDate(website.timezone, from), localDate(website.timezone, to)),
      this.spend.campaigns.listByWebsite(websiteId),
    ]);
    const spend = buildSpendReport(
      campaigns.map((c) => ({ id: c.id, name: c.name, network: c.network, source: c.source })),
      costs,
      sums.flatMap((s) => (s.campaignId ? [{ ...s, campaignId: s.campaignId }] : [])),
    );
    return {
      models,
      consent: { ...visits, percent: percentOf(visits.withoutConsent, visits.visits) },
      spend,
    };
  }

  /** Each campaign's spend per currency in minor units, all time. */
  async campaignCosts(websiteId: string): Promise<Map<string, MinorAmounts>> {
    const sums: CampaignCostSum[] = await this.spend.costs.sums(websiteId, '0000-01-01', '9999-12-31');
    const byCampaign = new Map<string, MinorAmounts>();
    for (const s of sums) {
      const minor = byCampaign.get(s.campaignId) ?? {};
      addMinor(minor, s.currency, s.minor);
      byCampaign.set(s.campaignId, minor);
    }
    return byCampaign;
  }

  /** Conversions and value per campaign under one model, all time. */
  async campaignCredits(websiteId: string, model: AttributionModel): Promise<Map<string, CampaignCredit>> {
    const sums = await this.reports.creditSums(websiteId, 0, Number.MAX_SAFE_INTEGER, [model]);
    const byCampaign = new Map<string, Tally>();
    for (const s of sums) {
      if (!s.campaignId) continue;
      const t = byCampaign.get(s.campaignId) ?? tally();
      add(t, s, model);
      byCampaign.set(s.campaignId, t);
    }
    return new Map([...byCampaign].map(([id, t]) => [id, credit(t)]));
  }
}
