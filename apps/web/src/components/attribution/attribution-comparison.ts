import {
  type AttributionModel,
  type AttributionReport,
  type AttributionRow,
  attributionModels,
} from '@ocx/contracts';
import { type Amounts, addAmounts, channelLabel, currencyOrder } from '@ocx/core';
import { numberFormat } from '../intl-cache';

type Dimension = 'campaign' | 'channel';

export interface ComparisonCell {
  conversions: number;
  /** Value credit per currency. */
  values: Amounts;
}

export interface ComparisonRow {
  key: string;
  label: string;
  cells: Record<AttributionModel, ComparisonCell>;
}

export interface Comparison {
  rows: ComparisonRow[];
  totals: Record<AttributionModel, ComparisonCell>;
  /** Currencies by value credit, largest first: every cell lists them in this order. */
  currencies: string[];
}

/**
 * Credit to touchpoints without an OCX campaign, whatever their channel (search, social, email,
 * referral, ads without a campaign link, direct): not the Direct channel.
 */
export const DIRECT_LABEL = 'No campaign (any channel)';
/** A campaign credited earlier and deleted since: its credits stay, its name is gone. */
const DELETED_CAMPAIGN_LABEL = 'Deleted campaign';

function rowIdentity(row: AttributionRow, dimension: Dimension): { key: string; label: string } {
  if (dimension === 'channel') return { key: `channel:${row.channel}`, label: channelLabel(row.channel) };
  if (row.campaignId === null) return { key: 'campaign:none', label: DIRECT_LABEL };
  return { key: `campaign:${row.campaignId}`, label: row.campaignName ?? DELETED_CAMPAIGN_LABEL };
}

const emptyCells = (): Record<AttributionModel, ComparisonCell> =>
  Object.fromEntries(attributionModels.map((m) => [m, { conversions: 0, values: {} }])) as Record<
    AttributionModel,
    ComparisonCell
  >;

/**
 * The report's per-model rows (one per campaign and channel) side by side: one row per campaign
 * or per channel, one cell per model, sums of credit. Sorted by the credit under `sortBy`, then
 * by the largest credit under any model, then by name.
 */
export function buildComparison(
  report: AttributionReport,
  dimension: Dimension,
  sortBy: AttributionModel,
): Comparison {
  const rows = new Map<string, ComparisonRow>();
  const totals = emptyCells();
  for (const model of attributionModels) {
    for (const source of report.models[model] ?? []) {
      const { key, label } = rowIdentity(source, dimension);
      let row = rows.get(key);
      if (!row) {
        row = { key, label, cells: emptyCells() };
        rows.set(key, row);
      }
      row.cells[model].conversions += source.conversions;
      addAmounts(row.cells[model].values, source.valueByCurrency);
      totals[model].conversions += source.conversions;
      addAmounts(totals[model].values, source.valueByCurrency);
    }
  }
  const most = (r: ComparisonRow) => Math.max(...attributionModels.map((m) => r.cells[m].conversions));
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.cells[sortBy].conversions - a.cells[sortBy].conversions ||
      most(b) - most(a) ||
      a.label.localeCompare(b.label),
  );
  return { rows: sorted, totals, currencies: currencyOrder(totals[sortBy].values) };
}

export function isEmptyReport(report: AttributionReport): boolean {
  return attributionModels.every((m) => (report.models[m] ?? []).length === 0);
}

/** A sum of credit that rounds (to two decimals) to a whole number of conversions. */
export function isWholeCount(n: number): boolean {
  return Math.abs(n - Math.round(n)) < 0.005;
}

/** Conversions (sums of credit): whole numbers without decimals, fractional credit with two. */
export function formatConversions(n: number, locale?: string): string {
  const digits = isWholeCount(n) ? 0 : 2;
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(isWholeCount(n) ? Math.round(n) || 0 : n);
}

/** Why a conversion count can have decimals: said beside every fractional one. */
export const FRACTIONAL_CREDIT_HINT =
  'Fractional credit: a multi-touch model splits each conversion between the touchpoints that led to it';
