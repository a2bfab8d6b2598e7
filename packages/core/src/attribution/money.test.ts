import { describe, expect, it } from 'vitest';
import { currencyExponent, fromMinorUnits, splitMinorUnits, toMinorUnits } from './money';

describe('currency exponents (ISO 4217, from Intl)', () => {
  it('knows whole-yen, cent and fils currencies', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('eur')).toBe(2);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('BHD')).toBe(3);
  });

  it('gives a code Intl does not know two decimals', () => {
    expect(currencyExponent('XQQ')).toBe(2);
  });
});

describe('major ↔ minor units', () => {
  it('rounds half away from zero on the decimal digits the number was written with', () => {
    expect(toMinorUnits(1.005, 'USD')).toBe(101);
    expect(toMinorUnits(1.004, 'USD')).toBe(100);
    expect(toMinorUnits(-1.005, 'USD')).toBe(-101);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits(49.9, 'EUR')).toBe(4990);
    expect(toMinorUnits(1234.5, 'JPY')).toBe(1235);
    expect(toMinorUnits(1.2345, 'KWD')).toBe(1235);
    expect(toMinorUnits(1e-7, 'USD')).toBe(0);
    expect(toMinorUnits(1.5e12, 'USD')).toBe(150_000_000_000_000);
  });

  it('refuses what is not a finite amount', () => {
    expect(() => toMinorUnits(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY, 'USD')).toThrow(RangeError);
  });

  it('turns minor units back into exact decimals', () => {
    expect(fromMinorUnits(3334, 'USD')).toBe(33.34);
    expect(fromMinorUnits(-101, 'USD')).toBe(-1.01);
    expect(fromMinorUnits(1235, 'JPY')).toBe(1235);
    expect(fromMinorUnits(1235, 'KWD')).toBe(1.235);
  });
});

describe('largest-remainder split', () => {
  it('splits 100.00 USD in three as 33.34, 33.33, 33.33 — the parts add up to the whole', () => {
    expect(splitMinorUnits(10_000, [1 / 3, 1 / 3, 1 / 3])).toEqual([3334, 3333, 3333]);
  });

  it('gives the leftover units to the largest remainders', () => {
    // exact parts 14.2857…, 28.5714…, 57.1428… (out of 100): floors 14+28+57 = 99, one unit left
    // for the largest remainder (0.5714…, the second part).
    expect(splitMinorUnits(100, [1 / 7, 2 / 7, 4 / 7])).toEqual([14, 29, 57]);
  });

  it('splits 1,000 yen and 1.000 KWD in whole minor units', () => {
    expect(splitMinorUnits(1000, [0.3, 0.4, 0.3])).toEqual([300, 400, 300]);
    expect(splitMinorUnits(1001, [1 / 3, 1 / 3, 1 / 3])).toEqual([334, 334, 333]);
  });

  it('keeps the sign of a negative total (a refund) and sums to it', () => {
    const parts = splitMinorUnits(-10_000, [1 / 3, 1 / 3, 1 / 3]);
    expect(parts).toEqual([-3334, -3333, -3333]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(-10_000);
  });

  it('gives a zero share nothing and splits evenly when every share is zero', () => {
    expect(splitMinorUnits(500, [1, 0, 0])).toEqual([500, 0, 0]);
    expect(splitMinorUnits(3, [0, 0])).toEqual([2, 1]);
    expect(splitMinorUnits(0, [0.5, 0.5])).toEqual([0, 0]);
  });

  it('adds up exactly for many uneven shares', () => {
    const shares = Array.from({ length: 97 }, (_, i) => 2 ** (-i / 7));
    const sum = shares.reduce((a, b) => a + b, 0);
    const parts = splitMinorUnits(
      987_654_321,
      shares.map((s) => s / sum),
    );
    expect(parts.reduce((a, b) => a + b, 0)).toBe(987_654_321);
    expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
  });
});
