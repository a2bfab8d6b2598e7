import { describe, expect, it } from 'vitest';
import { addAmount, addAmounts, currencyOrder, roundAmounts, sortedAmounts } from './amounts';

describe('amounts per currency', () => {
  it('adds within a currency and never across currencies', () => {
    const a = addAmount(addAmount(addAmount({}, 'USD', 10), 'EUR', 5), 'USD', 2.5);
    expect(a).toEqual({ USD: 12.5, EUR: 5 });
    expect(addAmounts({ EUR: 1 }, a)).toEqual({ EUR: 6, USD: 12.5 });
  });

  it('rounds to cents and leaves out what rounds to nothing', () => {
    expect(roundAmounts({ USD: 1 / 3, EUR: 0.004, GBP: 0, CAD: -0.004, AUD: 2.005 })).toEqual({
      USD: 0.33,
      AUD: 2.01,
    });
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
