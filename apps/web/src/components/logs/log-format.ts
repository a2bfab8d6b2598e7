import type { AttributionModel, Conversion } from '@ocx/contracts';
import { type Amounts, sortedAmounts } from '@ocx/core';
import { formatDateTime } from '../date-format';
import { numberFormat } from '../intl-cache';

/** A row's time in its website's time zone (docs/definitions.md#time-zone), in the user's locale (the shared date format). */
export function formatLogDate(iso: string, timeZone: string, locale?: string): string {
  return formatDateTime(iso, locale, timeZone);
}

/** Spec §2: the first 8 characters of an id plus an ellipsis; shorter ids are shown whole. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** A conversion value in its own currency; '-' when it has none (spec §2). */
export function formatMoney(value: number | null, currency: string, locale?: string): string {
  if (value === null) return '-';
  try {
    return numberFormat(locale, { style: 'currency', currency: currency || 'USD' }).format(value);
  } catch {
    // A currency code Intl does not know: the number, then the code as stored.
    return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${currency}`;
  }
}

/**
 * Sums of money per currency, one string each: amounts in different currencies are never added up
 * (there are no exchange rates). Currencies come in `order` (a view's, so every row lists them
 * alike), others after it largest first; with none, zero in the view's first currency.
 */
export function formatAmounts(amounts: Amounts, order: string[] = [], locale?: string): string[] {
  const rank = (currency: string) => (order.includes(currency) ? order.indexOf(currency) : order.length);
  // Amounts are exact to each currency's minor unit (0.001 KWD is an amount): only zero is nothing.
  const shown = sortedAmounts(amounts)
    .filter(([, n]) => n !== 0)
    .sort((a, b) => rank(a[0]) - rank(b[0]));
  if (shown.length === 0) return [formatMoney(0, order[0] ?? 'USD', locale)];
  return shown.map(([currency, n]) => formatMoney(n, currency, locale));
}

/** A model's share of a conversion (0..1) as a percentage with at most one decimal. */
export function formatCredit(credit: number, locale?: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(credit);
}

/** Spec §9 chip colours: revenue green, lead orange, anything else blue. */
/** A click's device class as people read it ('desktop' → 'Desktop'), as the dashboard's Devices say it. */
export const deviceLabel = (device: string): string => device.charAt(0).toUpperCase() + device.slice(1);

/** Spec §2's Type chip in words (the API's are 'revenue', 'lead', 'standard'). */
export const CONVERSION_TYPE_LABELS: Record<Conversion['conversion_type'], string> = {
  revenue: 'Revenue',
  lead: 'Lead',
  standard: 'Standard',
};

export function conversionTypeColor(type: Conversion['conversion_type']): string {
  return type === 'revenue' ? 'green' : type === 'lead' ? 'orange' : 'blue';
}

/** The credit columns of a conversion's path, in the configuration's order. */
export const MODEL_COLUMNS: { model: AttributionModel; label: string }[] = [
  { model: 'first_touch', label: 'First touch' },
  { model: 'last_touch', label: 'Last touch' },
  { model: 'linear', label: 'Linear' },
  { model: 'time_decay', label: 'Time decay' },
  { model: 'position_based', label: 'Position based' },
  { model: 'u_shaped', label: 'U-shaped' },
  { model: 'w_shaped', label: 'W-shaped' },
  { model: 'custom_weight', label: 'Custom' },
];

/** Bytes in a short human form for the export's progress. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
