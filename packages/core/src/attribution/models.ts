import type { AttributionModel, AttributionSettings } from '@ocx/contracts';
import { DAY_MS } from '../durations';

/** Scales weights to sum 1 (docs/definitions.md#formulas); all-zero weights become equal shares. */
export function normalize(weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  return sum > 0 ? weights.map((w) => w / sum) : weights.map(() => 1 / weights.length);
}

/** first / middle / last shares; the middle share is split evenly over t2..t(n−1). */
export function positional(n: number, first: number, middle: number, last: number): number[] {
  if (n <= 0) return [];
  if (n === 1) return [1];
  const [f = 0, m = 0, l = 0] = normalize([first, middle, last]);
  if (n === 2) return normalize([f, l]);
  return Array.from({ length: n }, (_, i) => (i === 0 ? f : i === n - 1 ? l : m / (n - 2)));
}

/** k custom weights: exactly k touchpoints take them in order; otherwise the ends keep w1 and wk. */
export function customWeighted(n: number, weights: number[]): number[] {
  if (n <= 0) return [];
  if (n === 1) return [1];
  const w = normalize(weights);
  const k = w.length;
  const first = w[0] ?? 0;
  const last = w[k - 1] ?? 0;
  if (n === 2) return normalize([first, last]);
  if (n === k) return w;
  const middle = w.slice(1, -1).reduce((a, b) => a + b, 0);
  return Array.from({ length: n }, (_, i) => (i === 0 ? first : i === n - 1 ? last : middle / (n - 2)));
}

/** Weight 2^(−(T − ti)/h), h the half-life in days, normalized. */
export function timeDecay(touchTimes: number[], conversionTime: number, halfLifeDays: number): number[] {
  const h = halfLifeDays * DAY_MS;
  return normalize(touchTimes.map((t) => 2 ** (-(conversionTime - t) / h)));
}

/** Each model's credit for touchpoints t1..tn (time order) of a conversion at `conversionTime`. */
export function credits(
  model: AttributionModel,
  touchTimes: number[],
  conversionTime: number,
  s: AttributionSettings,
): number[] {
  const n = touchTimes.length;
  if (n === 0) return [];
  switch (model) {
    case 'first_touch':
      return touchTimes.map((_, i) => (i === 0 ? 1 : 0));
    case 'last_touch':
      return touchTimes.map((_, i) => (i === n - 1 ? 1 : 0));
    case 'linear':
      return touchTimes.map(() => 1 / n);
    case 'time_decay':
      return timeDecay(touchTimes, conversionTime, s.decayParameter);
    case 'position_based':
    case 'u_shaped':
    case 'w_shaped': {
      const w = s.modelWeights[model];
      return positional(n, w.firstWeight, w.middleWeight, w.lastWeight);
    }
    case 'custom_weight':
      return customWeighted(n, s.customWeights);
  }
}
