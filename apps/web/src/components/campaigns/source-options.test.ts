import type { Network, TrafficSource } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { sourceOptions } from './source-options';

const network = (sources: string[]) => ({ sources }) as Network;
const all = [{ name: 'Search' }, { name: 'Social' }] as TrafficSource[];

describe('source options', () => {
  it("lists the network's own sources", () => {
    expect(sourceOptions(network(['Display']), all)).toEqual(['Display']);
  });
  it('lists every source for a network without sources, or no network', () => {
    expect(sourceOptions(network([]), all)).toEqual(['Search', 'Social']);
    expect(sourceOptions(undefined, all)).toEqual(['Search', 'Social']);
  });
  it('keeps the current choice listed', () => {
    expect(sourceOptions(network(['Display']), all, 'Email')).toEqual(['Display', 'Email']);
  });
});
