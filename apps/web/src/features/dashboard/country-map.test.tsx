import { describe, expect, it } from 'vitest';
import { mapShade } from './country-map';
import { WORLD_COUNTRIES } from './world-map';

describe('country map', () => {
  it('shades a country by its visitors against the most, in seven steps; none without visitors', () => {
    expect(mapShade(100, 100)).toBe(8);
    expect(mapShade(1, 100)).toBe(2);
    expect(mapShade(50, 100)).toBe(5);
    expect(mapShade(0, 100)).toBeNull();
    expect(mapShade(3, 0)).toBeNull();
  });

  it('has a shape for the countries visits come from, by the codes OCX stores', () => {
    const codes = new Set(WORLD_COUNTRIES.map(([code]) => code));
    for (const code of ['DE', 'US', 'GB', 'FR', 'IN', 'BR', 'JP', 'AU', 'NP'])
      expect(codes.has(code)).toBe(true);
    expect(codes.has('AQ')).toBe(false);
  });
});
