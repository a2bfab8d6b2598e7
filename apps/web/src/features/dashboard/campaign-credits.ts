import type { AttributionModel, AttributionReport } from '@ocx/contracts';
import type { Amounts } from '@ocx/core';
import { buildComparison } from '../../components/attribution/attribution-comparison';

// Apart from dashboard-format: only the attribution section (loaded near the window) needs it.

export interface CampaignCredit {
  key: string;
  label: string;
  conversions: number;
  /** Value credit per currency. */
  values: Amounts;
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
  return {
    rows: comparison.rows
      .map((r) => ({ key: r.key, label: r.label, ...r.cells[model] }))
      .filter((r) => r.conversions > 0.000_5),
    currencies: comparison.currencies,
  };
}
