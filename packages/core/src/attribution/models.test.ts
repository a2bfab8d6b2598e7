import type { AttributionSettings } from '@ocx/contracts';
import { attributionModels } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { defaultModelWeights, MODEL_WEIGHTS } from './attribution-defaults';
import { credits, customWeighted, positional, timeDecay } from './models';

const DAY = 86_400_000;
const base: AttributionSettings = {
  firstWeight: 0.4,
  middleWeight: 0.2,
  lastWeight: 0.4,
  modelWeights: defaultModelWeights(),
  decayParameter: 7,
  customWeights: [0.3, 0.1, 0.2, 0.1, 0.3],
};
const settingsFor = (model: keyof typeof MODEL_WEIGHTS) => ({ ...base, ...MODEL_WEIGHTS[model] });
const times = (n: number) => Array.from({ length: n }, (_, i) => i * DAY);
const close = (actual: number[], expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => {
    expect(a).toBeCloseTo(expected[i] ?? Number.NaN, 12);
  });
};

describe('first, last and linear', () => {
  it('gives everything to the first or the last touchpoint', () => {
    close(credits('first_touch', times(3), 3 * DAY, base), [1, 0, 0]);
    close(credits('last_touch', times(3), 3 * DAY, base), [0, 0, 1]);
  });

  it('splits evenly: 4 touchpoints get 0.25 each', () => {
    close(credits('linear', times(4), 4 * DAY, base), [0.25, 0.25, 0.25, 0.25]);
  });

  it('gives a single touchpoint everything under every model', () => {
    for (const model of attributionModels) close(credits(model, [0], DAY, base), [1]);
  });

  it('credits nothing when there is no touchpoint', () => {
    for (const model of attributionModels) expect(credits(model, [], DAY, base)).toEqual([]);
  });
});

describe('time decay (half-life h days)', () => {
  it('halves the weight for every half-life before the conversion', () => {
    // Touches 14, 7 and 0 days before T with h = 7: raw 1/4, 1/2, 1 → sum 1.75 → 1/7, 2/7, 4/7.
    close(timeDecay([0, 7 * DAY, 14 * DAY], 14 * DAY, 7), [1 / 7, 2 / 7, 4 / 7]);
  });

  it('shares equally between touchpoints at the same time', () => {
    close(credits('time_decay', [5 * DAY, 5 * DAY], 6 * DAY, base), [0.5, 0.5]);
  });

  it('follows the decay parameter: h = 1 day, touches 1 and 0 days before → 1/3 and 2/3', () => {
    close(credits('time_decay', [0, DAY], DAY, { ...base, decayParameter: 1 }), [1 / 3, 2 / 3]);
  });
});

describe('position based, U-shaped, W-shaped', () => {
  it('with two touchpoints renormalizes first and last: 0.4/0.4 → 0.5/0.5, 0.3/0.3 → 0.5/0.5', () => {
    close(credits('position_based', times(2), 2 * DAY, settingsFor('position_based')), [0.5, 0.5]);
    close(credits('w_shaped', times(2), 2 * DAY, settingsFor('w_shaped')), [0.5, 0.5]);
    close(positional(2, 0.6, 0.2, 0.2), [0.75, 0.25]);
  });

  it('credits the first 0.4, the last 0.4 and splits 0.2 over three middle ones', () => {
    close(credits('position_based', times(5), 5 * DAY, settingsFor('position_based')), [
      0.4,
      0.2 / 3,
      0.2 / 3,
      0.2 / 3,
      0.4,
    ]);
    close(credits('u_shaped', times(5), 5 * DAY, settingsFor('u_shaped')), [
      0.4,
      0.2 / 3,
      0.2 / 3,
      0.2 / 3,
      0.4,
    ]);
  });

  it('W-shaped gives 0.3, 0.4, 0.3 over three touchpoints and 0.3, 0.2, 0.2, 0.3 over four', () => {
    close(credits('w_shaped', times(3), 3 * DAY, settingsFor('w_shaped')), [0.3, 0.4, 0.3]);
    close(credits('w_shaped', times(4), 4 * DAY, settingsFor('w_shaped')), [0.3, 0.2, 0.2, 0.3]);
  });

  it('uses the weights of each model: the defaults give W-shaped 0.3 / 0.4 / 0.3 and U-shaped 0.4 / 0.2 / 0.4', () => {
    close(credits('w_shaped', times(3), 3 * DAY, base), [0.3, 0.4, 0.3]);
    close(credits('u_shaped', times(3), 3 * DAY, base), [0.4, 0.2, 0.4]);
    close(credits('position_based', times(3), 3 * DAY, base), [0.4, 0.2, 0.4]);
  });

  it('an edit of the U-shaped weights leaves the other models alone', () => {
    const edited: AttributionSettings = {
      ...base,
      modelWeights: {
        ...base.modelWeights,
        u_shaped: { firstWeight: 0.5, middleWeight: 0, lastWeight: 0.5 },
      },
    };
    close(credits('u_shaped', times(3), 3 * DAY, edited), [0.5, 0, 0.5]);
    close(credits('position_based', times(3), 3 * DAY, edited), [0.4, 0.2, 0.4]);
    close(credits('w_shaped', times(3), 3 * DAY, edited), [0.3, 0.4, 0.3]);
  });

  it('normalizes weights that do not add up to 1: 0.5/0.5/0.5 → thirds', () => {
    close(positional(3, 0.5, 0.5, 0.5), [1 / 3, 1 / 3, 1 / 3]);
  });
});

describe('custom weights (k = 5: 0.3, 0.1, 0.2, 0.1, 0.3)', () => {
  const w = base.customWeights;
  it('exactly five touchpoints take the five weights in order', () => {
    close(customWeighted(5, w), [0.3, 0.1, 0.2, 0.1, 0.3]);
  });

  it('more than five: ends keep 0.3 each, the middle 0.4 is split over four → 0.1 each', () => {
    close(customWeighted(6, w), [0.3, 0.1, 0.1, 0.1, 0.1, 0.3]);
  });

  it('three: 0.3, the whole middle 0.4, 0.3; four: 0.3, 0.2, 0.2, 0.3', () => {
    close(customWeighted(3, w), [0.3, 0.4, 0.3]);
    close(customWeighted(4, w), [0.3, 0.2, 0.2, 0.3]);
  });

  it('two: first and last renormalized; one: everything', () => {
    close(customWeighted(2, [0.6, 0.1, 0.1, 0.1, 0.1]), [0.6 / 0.7, 0.1 / 0.7]);
    close(customWeighted(1, w), [1]);
  });
});

describe('every model', () => {
  it.each(attributionModels)('%s credits sum to 1 for 1 to 12 touchpoints', (model) => {
    for (let n = 1; n <= 12; n++) {
      const sum = credits(model, times(n), (n + 3) * DAY, base).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
    }
  });
});
