import { fromMinorUnits, toMinorUnits } from './money';

/**
 * Money per currency code, in major units exact to each currency's minor unit. Values in different
 * currencies are never added together: OCX has no exchange rates (it runs offline), so a sum over
 * USD and EUR conversions is kept as two amounts.
 */
export type Amounts = Record<string, number>;

/** Whole minor units per currency code: what storage sums and reports add. */
export type MinorAmounts = Record<string, number>;

/** Adds in minor units, so 33.34 + 33.33 + 33.33 is 100 and not 99.99999999999999. */
export function addAmount(into: Amounts, currency: string, amount: number): Amounts {
  const minor = toMinorUnits(into[currency] ?? 0, currency) + toMinorUnits(amount, currency);
  into[currency] = fromMinorUnits(minor, currency);
  return into;
}

export function addAmounts(into: Amounts, from: Amounts): Amounts {
  for (const [currency, amount] of Object.entries(from)) addAmount(into, currency, amount);
  return into;
}

export function addMinor(into: MinorAmounts, currency: string, minor: number): MinorAmounts {
  into[currency] = (into[currency] ?? 0) + minor;
  return into;
}

/** Minor-unit sums as major-unit amounts; currencies whose sum is nothing are left out. */
export function majorAmounts(minor: MinorAmounts): Amounts {
  const amounts: Amounts = {};
  for (const [currency, units] of Object.entries(minor))
    if (units !== 0) amounts[currency] = fromMinorUnits(units, currency);
  return amounts;
}

/** The one currency's amount, or null when there is none or several (they never add up). */
export function singleAmount(amounts: Amounts): number | null {
  const entries = Object.entries(amounts);
  return entries.length === 1 ? (entries[0]?.[1] ?? null) : entries.length === 0 ? 0 : null;
}

/** Largest amount first, then by currency code. */
export function sortedAmounts(amounts: Amounts): [currency: string, amount: number][] {
  return Object.entries(amounts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The currencies, largest amount first: the order a view lists them in, row after row. */
export function currencyOrder(amounts: Amounts): string[] {
  return sortedAmounts(amounts).map(([currency]) => currency);
}
