import { describe, expect, it } from 'vitest';
import { toStoredTrafficSource } from './traffic-source.mapper';

describe('toStoredTrafficSource', () => {
  it('reads the default flag as a boolean and gives the dates as ISO text', () => {
    const row = {
      id: 'src-1',
      website_id: 'w1',
      slug: 'search',
      name: 'Search',
      description: 'Search engine traffic',
      is_default: 1,
      // PostgreSQL answers a Date, SQLite the text written.
      created_at: new Date(Date.UTC(2026, 0, 1)),
      updated_at: '2026-01-02 10:00:00Z',
    };
    expect(toStoredTrafficSource(row)).toEqual({
      id: 'src-1',
      websiteId: 'w1',
      slug: 'search',
      name: 'Search',
      description: 'Search engine traffic',
      isDefault: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
    expect(toStoredTrafficSource({ ...row, is_default: 0 }).isDefault).toBe(false);
  });
});
