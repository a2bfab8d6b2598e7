import type { AttributionModel, AttributionReport, SpendFigures } from '@ocx/contracts';
import type { Amounts } from '@ocx/core';
import { buildComparison } from '../../components/attribution/attribution-comparison';

// Apart from dashboard-format: only the attribution section (loaded near the window) needs it.

interface CampaignCredit {
  key: string;
  label: string;
  conversions: number;
  /** Value credit per currency. */
  values: Amounts;
  /** The campaign's ad spend in the range, with CPA and ROAS under the model; null without spend. */
  spend: SpendFigures | null;
}

/**
 * Conversions and value per campaign under one model, largest first; rows without credit left
 * out. `currencies`: the order every row lists its values in.
 */
export function campaignCredits(
  report: AttributionReport,
  model: AttributionModel,
): { rows: CampaignCredit[]; currencies: string[] } {
  const comparison = buildComparison(report, 'campaign', model);
  const spend = new Map((report.spend?.campaigns ?? []).map((s) => [`campaign:${s.campaignId}`, s]));
  const figures = (key: string): SpendFigures | null => {
    const s = spend.get(key);
    return s ? { cost: s.cost, cpa: s.models[model].cpa, roas: s.models[model].roas } : null;
  };
  const credited = comparison.rows
    .map((r) => ({ key: r.key, label: r.label, ...r.cells[model], spend: figures(r.key) }))
    .filter((r) => r.conversions > 0.000_5);
  // Campaigns that spent without a conversion in the range: the rows a marketer most needs to see.
  const shown = new Set(credited.map((r) => r.key));
  const spentOnly = [...spend]
    .filter(([key]) => !shown.has(key))
    .map(([key, s]) => ({ key, label: s.label, conversions: 0, values: {}, spend: figures(key) }));
  return { rows: [...credited, ...spentOnly], currencies: comparison.currencies };
}
