/**
 * Money in integer minor units (docs/definitions.md#money): a currency's ISO 4217 exponent says how many decimals
 * its minor unit has (JPY 0, USD 2, KWD 3). Amounts are stored and added as integers, so splits
 * and sums are exact; JSON carries them as major-unit decimals exact to the minor unit.
 */
const exponents = new Map<string, number>();

/** ISO 4217 exponent from Intl (ICU's currency data); a code Intl does not know gets 2. */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    try {
      exponent = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      exponent = 2;
    }
    exponent = exponent ?? 2;
    exponents.set(code, exponent);
  }
  return exponent;
}

/**
 * Rounds a major-unit amount to whole minor units, half away from zero, on the number's decimal
 * digits (1.005 USD → 101 cents; `Math.round(1.005 * 100)` gives 100 because 1.005 is stored as
 * 1.00499999…). Shifting the decimal point in the shortest decimal spelling of the number, then
 * parsing, gives the decimal value exactly at the minor unit.
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  const exponent = currencyExponent(currency);
  const [mantissa = '0', power = '0'] = String(Math.abs(amount)).split('e');
  const shifted = Number(`${mantissa}e${Number(power) + exponent}`);
  const minor = Math.floor(shifted + 0.5);
  return amount < 0 ? -minor : minor;
}

/** Whole minor units back to a major-unit number (3334 USD cents → 33.34). */
export function fromMinorUnits(minor: number, currency: string): number {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? minor : Number(`${minor}e-${exponent}`);
}

/**
 * Splits `total` minor units by `shares` (which add up to 1) with the largest-remainder method:
 * every part is the floor of its exact share, and the units left over go one each to the parts
 * with the largest remainders (the earlier part on a tie). The parts add up to `total` exactly.
 */
export function splitMinorUnits(total: number, shares: number[]): number[] {
  if (shares.length === 0) return [];
  const sign = total < 0 ? -1 : 1;
  const whole = Math.abs(total);
  const sum = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((s) => (sum > 0 ? (s / sum) * whole : whole / shares.length));
  const parts = exact.map((x) => Math.floor(x));
  let left = whole - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, remainder: x - Math.floor(x) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const at = order[k]?.i ?? 0;
    parts[at] = (parts[at] ?? 0) + 1;
  }
  return parts.map((p) => (p === 0 ? 0 : sign * p));
}
