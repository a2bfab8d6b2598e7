import { describe, expect, it } from 'vitest';
import { periodChangeText } from './period-change';

describe('periodChangeText', () => {
  it('says a count change as a percentage of the previous count', () => {
    expect(periodChangeText(125, 100, 'count', '7d', 'en')).toEqual({
      text: '+25% vs previous 7 days',
      direction: 'up',
    });
    expect(periodChangeText(50, 100, 'count', '30d', 'en')).toEqual({
      text: '−50% vs previous 30 days',
      direction: 'down',
    });
    expect(periodChangeText(1001, 1000, 'count', '7d', 'en')).toEqual({
      text: '0% vs previous 7 days',
      direction: 'flat',
    });
  });

  it('has no percentage against an empty previous period', () => {
    expect(periodChangeText(7, 0, 'count', '7d', 'en')).toEqual({
      text: 'none in the previous 7 days',
      direction: 'up',
    });
    expect(periodChangeText(0, 0, 'count', '7d', 'en')).toEqual({
      text: 'none in the previous 7 days either',
      direction: 'flat',
    });
  });

  it('says a rate change in percentage points', () => {
    expect(periodChangeText(3.5, 2.3, 'rate', '7d')).toEqual({
      text: '+1.2 pts vs previous 7 days',
      direction: 'up',
    });
    expect(periodChangeText(2.3, 3.5, 'rate', '1d')).toEqual({
      text: '−1.2 pts vs previous 24 hours',
      direction: 'down',
    });
  });
});
