import { describe, expect, it } from 'vitest';
import { adPlatforms, findClickId } from './ad-platforms';

const query = (params: Record<string, string>) => (name: string) => params[name] ?? null;

describe('click ids', () => {
  it('lists Google, Facebook, TikTok, Pinterest and Bing', () => {
    expect(adPlatforms.map((p) => p.name)).toEqual(['Google', 'Facebook', 'TikTok', 'Pinterest', 'Bing']);
  });

  it.each([
    ['gclid', 'EAIaIQobChMI-4_2'],
    ['gbraid', 'GB1234.5678'],
    ['wbraid', 'wbrAbC123'],
    ['fbclid', 'IwAR2.x-y~z'],
    ['ttclid', 'E2abc123'],
    ['epik', 'dj0yJnU9%3D'],
    ['msclkid', 'a1b2c3d4'],
  ])('accepts a well-formed %s', (type, id) => {
    expect(findClickId(query({ [type]: id }))).toEqual({ type, id });
  });

  it.each([
    ['gclid', 'has space'],
    ['gclid', 'bad.dot'],
    ['gbraid', 'GB12'],
    ['gbraid', 'XX1.2'],
    ['wbraid', 'abc'],
    ['ttclid', 'E2-abc'],
    ['msclkid', 'a_b'],
  ])('flags a malformed %s (%s)', (type, id) => {
    expect(findClickId(query({ [type]: id }))).toEqual({ type, invalid: true });
  });

  it('finds nothing when no click id is present, and ignores empty values', () => {
    expect(findClickId(query({ utm_source: 'x', gclid: '' }))).toBeNull();
  });
});
