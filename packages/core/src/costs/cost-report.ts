import { parseCurrency, parseReportAmount, parseReportDay } from './cost-values';
import { CsvFormatError, type CsvRecord, readCsvRecords } from './csv-records';

export const costReportLayouts = ['google_ads', 'meta_ads', 'microsoft_ads'] as const;
export type CostReportLayout = (typeof costReportLayouts)[number];

export const COST_LAYOUT_LABELS: Record<CostReportLayout, string> = {
  google_ads: 'Google Ads',
  meta_ads: 'Meta Ads Manager',
  microsoft_ads: 'Microsoft Ads',
};

/** One day of one campaign's spend as the report states it. */
export interface CostReportRow {
  line: number;
  /** YYYY-MM-DD as the platform reports it (the ad account's days). */
  day: string;
  /** The campaign's name in the ad platform: matched to utm_campaign or a campaign name. */
  campaign: string;
  amount: number;
  currency: string;
}

export interface CostReport {
  layout: CostReportLayout;
  rows: CostReportRow[];
}

interface Columns {
  day: number;
  /** Meta: a row covers Reporting starts … Reporting ends, which must be one day. */
  dayEnd: number | null;
  campaign: number;
  cost: number;
  currency: number | null;
  /** Meta writes the currency into the cost header: "Amount spent (EUR)". */
  headerCurrency: string | null;
  names: { day: string; campaign: string; cost: string };
}

const find = (header: string[], names: string[]) => header.findIndex((h) => names.includes(h));

/**
 * The column layouts of each platform's daily campaign report (their documented download columns):
 * Google Ads "Day, Campaign, Currency code, Cost", Meta Ads Manager "Reporting starts, Reporting
 * ends, Campaign name, Amount spent (USD)", Microsoft Ads "Gregorian date, Campaign name, Currency
 * code, Spend".
 */
function layoutOf(cells: string[]): [CostReportLayout, Columns] | null {
  const header = cells.map((c) => c.trim().toLowerCase());
  const currency = find(header, ['currency code', 'currency']);
  const withCurrency = currency >= 0 ? currency : null;
  const raw = (i: number) => cells[i]?.trim() ?? '';
  const metaCost = header.findIndex((h) => /^amount spent( \([a-z]{3}\))?$/.test(h));
  const metaDay = find(header, ['reporting starts']);
  const metaCampaign = find(header, ['campaign name']);
  if (metaCost >= 0 && metaDay >= 0 && metaCampaign >= 0) {
    const code = /\(([a-z]{3})\)$/.exec(header[metaCost] ?? '')?.[1];
    return [
      'meta_ads',
      {
        day: metaDay,
        dayEnd: find(header, ['reporting ends']) >= 0 ? find(header, ['reporting ends']) : null,
        campaign: metaCampaign,
        cost: metaCost,
        currency: withCurrency,
        headerCurrency: code ? code.toUpperCase() : null,
        names: { day: raw(metaDay), campaign: raw(metaCampaign), cost: raw(metaCost) },
      },
    ];
  }
  const msCost = find(header, ['spend']);
  const msDay = find(header, ['gregorian date', 'time period', 'date', 'day']);
  const msCampaign = find(header, ['campaign name', 'campaign']);
  if (msCost >= 0 && msDay >= 0 && msCampaign >= 0)
    return [
      'microsoft_ads',
      {
        day: msDay,
        dayEnd: null,
        campaign: msCampaign,
        cost: msCost,
        currency: withCurrency,
        headerCurrency: null,
        names: { day: raw(msDay), campaign: raw(msCampaign), cost: raw(msCost) },
      },
    ];
  const gCost = find(header, ['cost']);
  const gDay = find(header, ['day', 'date']);
  const gCampaign = find(header, ['campaign', 'campaign name']);
  if (gCost >= 0 && gDay >= 0 && gCampaign >= 0)
    return [
      'google_ads',
      {
        day: gDay,
        dayEnd: null,
        campaign: gCampaign,
        cost: gCost,
        currency: withCurrency,
        headerCurrency: null,
        names: { day: raw(gDay), campaign: raw(gCampaign), cost: raw(gCost) },
      },
    ];
  return null;
}

/** Report furniture below or between the rows: Google's "Total: …" lines, Microsoft's © footer. */
function isFooter(cells: string[]): boolean {
  const filled = cells.map((c) => c.trim()).filter((c) => c !== '');
  return (
    filled.some((c) => /^total\b/i.test(c)) ||
    (filled.length === 1 && /^(©|\(c\)|copyright)/i.test(filled[0] ?? ''))
  );
}

/** Platforms put a title, the date range and account lines above the header: it is looked for. */
const HEADER_SEARCH = 30;

/**
 * Reads a daily campaign report of Google Ads, Meta Ads Manager or Microsoft Ads. `fallbackCurrency`
 * is used when the file names none (Google's default columns have no currency). Anything it cannot
 * read is a CsvFormatError naming the line, and nothing of the file is used.
 */
export function parseCostReport(text: string, fallbackCurrency: string | null = null): CostReport {
  const records = readCsvRecords(text);
  let found: { at: number; layout: CostReportLayout; columns: Columns } | null = null;
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH) && !found; i++) {
    const match = layoutOf(records[i]?.cells ?? []);
    if (match) found = { at: i, layout: match[0], columns: match[1] };
  }
  if (!found)
    throw new CsvFormatError(
      records[0]?.line ?? 1,
      'no header with a day, a campaign and a cost column: upload a daily campaign report from Google Ads (Day, Campaign, Cost), Meta Ads Manager (Reporting starts, Campaign name, Amount spent) or Microsoft Ads (Gregorian date, Campaign name, Spend)',
    );
  const { columns, layout } = found;
  const rows: CostReportRow[] = [];
  for (const record of records.slice(found.at + 1)) {
    if (isFooter(record.cells)) continue;
    rows.push(readRow(record, columns, fallbackCurrency));
  }
  if (rows.length === 0)
    throw new CsvFormatError(records[found.at]?.line ?? 1, 'the report has a header but no rows of spend');
  return { layout, rows };
}

function readRow({ line, cells }: CsvRecord, c: Columns, fallbackCurrency: string | null): CostReportRow {
  const cell = (i: number, name: string) => {
    const v = cells[i];
    if (v === undefined)
      throw new CsvFormatError(line, `the row has ${cells.length} cells and no ${name} column`);
    return v.trim();
  };
  const dayText = cell(c.day, c.names.day);
  const day = parseReportDay(dayText);
  if (!day) throw new CsvFormatError(line, `"${dayText}" in the ${c.names.day} column is not a date`);
  if (c.dayEnd !== null) {
    const endText = cells[c.dayEnd]?.trim() ?? '';
    const end = endText === '' ? day : parseReportDay(endText);
    if (end !== day)
      throw new CsvFormatError(
        line,
        `the row covers ${day} to ${endText}: export the report broken down by day (one row per campaign per day)`,
      );
  }
  const campaign = cell(c.campaign, c.names.campaign);
  if (!campaign) throw new CsvFormatError(line, `the ${c.names.campaign} column is empty`);
  const amountText = cell(c.cost, c.names.cost);
  const amount = parseReportAmount(amountText);
  if (amount === null)
    throw new CsvFormatError(line, `"${amountText}" in the ${c.names.cost} column is not an amount`);
  const currencyText = c.currency === null ? '' : (cells[c.currency]?.trim() ?? '');
  const currency = currencyText ? parseCurrency(currencyText) : (c.headerCurrency ?? fallbackCurrency);
  if (!currency)
    throw new CsvFormatError(
      line,
      currencyText
        ? `"${currencyText}" is not a currency code (like USD or EUR)`
        : 'the report names no currency: choose the currency of its costs',
    );
  return { line, day, campaign, amount, currency };
}
