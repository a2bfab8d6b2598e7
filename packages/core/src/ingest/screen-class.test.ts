import { describe, expect, it } from 'vitest';
import { screenClass } from './screen-class';

describe('screenClass', () => {
  it('buckets a width at each boundary', () => {
    expect([320, 575, 576, 991, 992, 1439, 1440, 3840].map((w) => screenClass(w))).toEqual([
      'mobile',
      'mobile',
      'tablet',
      'tablet',
      'laptop',
      'laptop',
      'desktop',
      'desktop',
    ]);
  });

  it('is null without a usable width', () => {
    expect([undefined, 0, Number.NaN].map((w) => screenClass(w))).toEqual([null, null, null]);
  });
});
