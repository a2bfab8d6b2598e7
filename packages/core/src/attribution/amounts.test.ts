import { describe, expect, it } from 'vitest';
import {
  addAmount,
  addAmounts,
  addMinor,
  currencyOrder,
  majorAmounts,
  singleAmount,
  sortedAmounts,
} from './amounts';

describe('amounts per currency', () => {
  it('adds within a currency and never across currencies', () => {
    const a = addAmount(addAmount(addAmount({}, 'USD', 10), 'EUR', 5), 'USD', 2.5);
    expect(a).toEqual({ USD: 12.5, EUR: 5 });
    expect(addAmounts({ EUR: 1 }, a)).toEqual({ EUR: 6, USD: 12.5 });
  });

  it('adds in minor units: three thirds of 100 USD make 100, not 99.99999999999999', () => {
    expect(addAmounts(addAmounts({ USD: 33.34 }, { USD: 33.33 }), { USD: 33.33 })).toEqual({ USD: 100 });
    expect(addAmount({ JPY: 333 }, 'JPY', 334)).toEqual({ JPY: 667 });
    expect(addAmount({ KWD: 0.333 }, 'KWD', 0.334)).toEqual({ KWD: 0.667 });
  });

  it('turns minor-unit sums into major units and leaves out currencies that sum to nothing', () => {
    const minor = addMinor(addMinor(addMinor({}, 'USD', 3334), 'JPY', 500), 'EUR', 0);
    expect(majorAmounts(minor)).toEqual({ USD: 33.34, JPY: 500 });
  });

  it('has a single amount only when there is one currency', () => {
    expect(singleAmount({ USD: 3 })).toBe(3);
    expect(singleAmount({})).toBe(0);
    expect(singleAmount({ USD: 3, EUR: 1 })).toBeNull();
  });

  it('sorts the largest amount first, ties by code', () => {
    expect(sortedAmounts({ EUR: 5, USD: 12, CAD: 5 })).toEqual([
      ['USD', 12],
      ['CAD', 5],
      ['EUR', 5],
    ]);
    expect(currencyOrder({ EUR: 5, GBP: 7, USD: 1 })).toEqual(['GBP', 'EUR', 'USD']);
    expect(currencyOrder({})).toEqual([]);
  });
});
