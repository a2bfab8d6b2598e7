import type { SpendFigures } from '@ocx/contracts';
import { numberFormat } from '../intl-cache';
import { formatAmounts } from '../logs/log-format';
import { METRIC_TERMS } from '../metric-help';

/** Return on ad spend as a multiple (2.5 → "2.50×"); '—' when there is none to show. */
export function formatRoas(roas: number | null, locale?: string): string {
  if (roas === null) return '—';
  return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(roas)}×`;
}

/** Why a ROAS is missing: no spend, or spend and value in different currencies (never converted). */
export function roasHint(figures: SpendFigures): string | null {
  if (figures.roas !== null) return null;
  return Object.keys(figures.cost).length === 0
    ? 'No ad spend in this range'
    : 'Cost and value are in different currencies: OCX does not convert them, so there is no ROAS';
}

/** Cost per currency, a line each; '—' with none. */
export const formatCost = (cost: Record<string, number>, locale?: string): string[] =>
  Object.keys(cost).length === 0 ? ['—'] : formatAmounts(cost, [], locale);

/** CPA per cost currency, a line each; '—' with no conversions or no cost. */
export const formatCpa = (cpa: Record<string, number>, locale?: string): string[] =>
  Object.keys(cpa).length === 0 ? ['—'] : formatAmounts(cpa, [], locale);

export const SPEND_HINTS = {
  cost: METRIC_TERMS.cost,
  cpa: METRIC_TERMS.cpa,
  roas: METRIC_TERMS.roas,
} as const;

/** How spend gets in, said wherever there is none. */
export const ADD_SPEND_HINT =
  'Add spend on a campaign card (Add spend), import a daily campaign report from Google Ads, Meta Ads Manager or Microsoft Ads on the Campaigns page (Import costs), or send it to POST /api/v1/costs with an API key.';
