import { describe, expect, it } from 'vitest';
import { toLandingPage } from './landing-page.repository';

describe('a stored landing page read back', () => {
  it('has its creation time as ISO text, whether the database gave a Date or text', () => {
    const row = {
      id: 'lp-1',
      website_id: 'site-1',
      name: 'Spring',
      path: 'spring',
      description: '',
      created_at: new Date('2024-03-01T10:00:00Z'),
      updated_at: '2024-03-02T10:00:00Z',
    };
    const expected = {
      id: 'lp-1',
      websiteId: 'site-1',
      name: 'Spring',
      path: 'spring',
      description: '',
      createdAt: '2024-03-01T10:00:00.000Z',
    };
    expect(toLandingPage(row)).toEqual(expected);
    expect(toLandingPage({ ...row, created_at: '2024-03-01T10:00:00Z' })).toEqual(expected);
  });
});
