import { describe, expect, it } from 'vitest';
import { byWebsite } from './by-website';

describe('byWebsite', () => {
  it('groups items per website, websites in the order they first appear, items in their order', () => {
    const items = [
      { websiteId: 'b', n: 1 },
      { websiteId: 'a', n: 2 },
      { websiteId: 'b', n: 3 },
    ];
    expect([...byWebsite(items)]).toEqual([
      ['b', [items[0], items[2]]],
      ['a', [items[1]]],
    ]);
  });
});
