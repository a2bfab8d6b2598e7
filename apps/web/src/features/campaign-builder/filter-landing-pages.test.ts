import type { LandingPage } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { filterLandingPages } from './filter-landing-pages';

const pages = [
  { name: 'Spring sale', url: 'shop.test/spring' },
  { name: 'Homepage', url: 'shop.test' },
] as LandingPage[];

describe('landing page search', () => {
  it('matches the name or the url, ignoring case', () => {
    expect(filterLandingPages(pages, 'SPRING').map((p) => p.name)).toEqual(['Spring sale']);
    expect(filterLandingPages(pages, 'shop.TEST').length).toBe(2);
    expect(filterLandingPages(pages, 'home').map((p) => p.name)).toEqual(['Homepage']);
  });
  it('shows all for an empty query and none when nothing matches', () => {
    expect(filterLandingPages(pages, '  ').length).toBe(2);
    expect(filterLandingPages(pages, 'winter')).toEqual([]);
  });
});
