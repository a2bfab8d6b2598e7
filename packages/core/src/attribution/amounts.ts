/**
 * Money per currency code. Values in different currencies are never added together: OCX has no
 * exchange rates (it runs offline), so a sum over USD and EUR conversions is kept as two amounts.
 */
export type Amounts = Record<string, number>;

export function addAmount(into: Amounts, currency: string, amount: number): Amounts {
  into[currency] = (into[currency] ?? 0) + amount;
  return into;
}

export function addAmounts(into: Amounts, from: Amounts): Amounts {
  for (const [currency, amount] of Object.entries(from)) addAmount(into, currency, amount);
  return into;
}

/** Rounded to cents; currencies whose amount rounds to nothing are left out. */
export function roundAmounts(amounts: Amounts): Amounts {
  const rounded: Amounts = {};
  for (const [currency, amount] of Object.entries(amounts)) {
    const cents = Math.round(amount * 100) / 100;
    if (cents !== 0) rounded[currency] = cents;
  }
  return rounded;
}

/** Largest amount first, then by currency code. */
export function sortedAmounts(amounts: Amounts): [currency: string, amount: number][] {
  return Object.entries(amounts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The currencies, largest amount first: the order a view lists them in, row after row. */
export function currencyOrder(amounts: Amounts): string[] {
  return sortedAmounts(amounts).map(([currency]) => currency);
}
