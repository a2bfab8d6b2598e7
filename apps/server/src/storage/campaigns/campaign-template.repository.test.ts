import { describe, expect, it } from 'vitest';
import { toTemplate } from './campaign-template.repository';

const row = {
  id: 'tpl-1',
  website_id: null,
  name: 'Newsletter',
  description: '',
  network: 'Mail',
  source: 'Newsletter',
  category: 'goal',
  is_default: 1,
  utm_parameters: '{"medium":"email"}',
  custom_parameters: '{"list":"weekly"}',
  created_at: '2024-03-01T10:00:00Z',
  updated_at: new Date('2024-03-02T10:00:00Z'),
};

describe('a stored campaign template read back', () => {
  it('has its parameters parsed and its time as ISO text', () => {
    expect(toTemplate(row)).toEqual({
      id: 'tpl-1',
      websiteId: null,
      name: 'Newsletter',
      description: '',
      network: 'Mail',
      source: 'Newsletter',
      category: 'goal',
      isDefault: true,
      utmParameters: { medium: 'email' },
      customParameters: { list: 'weekly' },
      updatedAt: '2024-03-02T10:00:00.000Z',
    });
  });

  it('reads an unknown category as platform and unreadable parameters as none', () => {
    expect(
      toTemplate({
        ...row,
        category: 'old',
        is_default: 0,
        utm_parameters: 'not json',
        custom_parameters: '',
      }),
    ).toMatchObject({ category: 'platform', isDefault: false, utmParameters: {}, customParameters: {} });
  });
});
