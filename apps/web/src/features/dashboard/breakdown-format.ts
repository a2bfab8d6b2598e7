import type { BreakdownDimension, BreakdownRow, TrafficChannel } from '@ocx/contracts';
import { CHANNEL_LABELS, csvLine, visitorShare } from '@ocx/core';

// Made on first use: building it loads the locale's region names (tens of ms on a phone), and the
// dashboard's first screen shows no country.
let countryNames: Intl.DisplayNames | null | undefined;

function regionNames(): Intl.DisplayNames | null {
  if (countryNames === undefined) {
    try {
      countryNames = new Intl.DisplayNames(undefined, { type: 'region' });
    } catch {
      countryNames = null;
    }
  }
  return countryNames;
}

/** A row's value as a person reads it: a country's name, a channel's label, a campaign's name. */
export function breakdownLabel(
  dimension: BreakdownDimension,
  row: Pick<BreakdownRow, 'value' | 'label'>,
): string {
  const { value } = row;
  if (value === null) return 'Unknown';
  if (row.label) return row.label;
  if (dimension === 'country') return countryName(value);
  if (dimension === 'region' || dimension === 'city') return withCountryName(value);
  if (dimension === 'channel') return CHANNEL_LABELS[value as TrafficChannel] ?? value;
  // Screens: core screenClass's mobile (under 576 px wide), tablet, laptop (992 px on), desktop (1440 px on).
  if (dimension === 'device' || dimension === 'screen') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/** "Munich, Bavaria, DE" (the server's qualified place) as "Munich, Bavaria, Germany". */
function withCountryName(place: string): string {
  const cut = place.lastIndexOf(', ');
  const code = place.slice(cut + 2);
  return cut > 0 && /^[A-Z]{2}$/.test(code) ? `${place.slice(0, cut)}, ${countryName(code)}` : place;
}

function countryName(code: string): string {
  try {
    return regionNames()?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Rows whose label or value contains the search, case-insensitively. */
export function searchRows(
  dimension: BreakdownDimension,
  rows: BreakdownRow[],
  search: string,
): BreakdownRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter(
    (row) =>
      breakdownLabel(dimension, row).toLowerCase().includes(needle) ||
      (row.value ?? '').toLowerCase().includes(needle),
  );
}

/** The Details list as CSV: value, label, visitors, share, pageviews, conversions, rate. */
export function breakdownCsv(
  dimension: BreakdownDimension,
  rows: BreakdownRow[],
  scopeVisitors: number,
): string {
  const header = csvLine([
    'Value',
    'Name',
    'Visitors',
    'Share %',
    'Pageviews',
    'Conversions',
    'Conversion rate %',
  ]);
  return (
    header +
    rows
      .map((row) =>
        csvLine([
          row.value,
          breakdownLabel(dimension, row),
          row.visitors,
          visitorShare(row.visitors, scopeVisitors),
          row.pageviews,
          row.convertedVisitors,
          row.conversionRate,
        ]),
      )
      .join('')
  );
}
