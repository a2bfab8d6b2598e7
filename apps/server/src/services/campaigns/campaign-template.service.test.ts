import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type {
  CampaignTemplateRepository,
  CampaignTemplateRow,
} from '../../storage/campaigns/campaign-template.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { CampaignTemplateService } from './campaign-template.service';

function build() {
  const templates = mockOf<CampaignTemplateRepository>();
  const access = mockOf<Access>();
  access.website.mockResolvedValue(websiteRow());
  return { service: new CampaignTemplateService(templates, access), templates, access };
}

const templateRow = (changes: Partial<CampaignTemplateRow> = {}): CampaignTemplateRow => ({
  id: 'tpl-1',
  website_id: 'site-1',
  name: 'Newsletter',
  description: '',
  network: 'Mail',
  source: 'Newsletter',
  category: 'goal',
  is_default: 0,
  utm_parameters: '{"medium":"email"}',
  custom_parameters: '{"list":"weekly"}',
  created_at: '2024-03-01T10:00:00.000Z',
  updated_at: new Date('2024-03-02T10:00:00.000Z'),
  ...changes,
});

describe('CampaignTemplateService', () => {
  it('lists the templates the website sees, passing only the filters given', async () => {
    const { service, templates, access } = build();
    templates.list.mockResolvedValue([
      templateRow(),
      templateRow({
        id: 'tpl-d',
        website_id: null,
        is_default: 1,
        category: 'old',
        utm_parameters: 'not json',
      }),
    ]);
    const list = await service.list(alice, 'site-1', { category: '', network: 'Mail' });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
    expect(templates.list).toHaveBeenCalledWith('site-1', { network: 'Mail' });
    expect(list).toEqual([
      expect.objectContaining({
        id: 'tpl-1',
        category: 'goal',
        isDefault: false,
        utmParameters: { medium: 'email' },
        customParameters: { list: 'weekly' },
        updatedAt: '2024-03-02T10:00:00.000Z',
      }),
      // An unknown category reads as 'platform', unreadable JSON as none.
      expect.objectContaining({
        id: 'tpl-d',
        websiteId: null,
        category: 'platform',
        isDefault: true,
        utmParameters: {},
      }),
    ]);
  });

  it('saves a new template with trimmed parameters, dropping empty ones and the ocxid', async () => {
    const { service, templates, access } = build();
    const made = await service.create(alice, 'site-1', {
      name: 'Spring',
      description: '',
      network: 'Google Ads',
      source: 'Search',
      category: 'platform',
      utmParameters: { source: ' google ', medium: '  ', campaign: 'spring' },
      customParameters: { ' gclid ': ' {gclid} ', ocxid: 'mine', empty: ' ' },
    });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    const stored = templates.insert.mock.calls[0]?.[0];
    expect(stored).toMatchObject({
      website_id: 'site-1',
      is_default: 0,
      utm_parameters: JSON.stringify({ source: 'google', campaign: 'spring' }),
      custom_parameters: JSON.stringify({ gclid: '{gclid}' }),
    });
    expect(made).toMatchObject({
      id: stored?.id,
      utmParameters: { source: 'google', campaign: 'spring' },
      customParameters: { gclid: '{gclid}' },
    });
  });

  it('changes only the fields patched and answers the template read again', async () => {
    const { service, templates } = build();
    templates.find
      .mockResolvedValueOnce(templateRow())
      .mockResolvedValueOnce(templateRow({ name: 'Weekly' }));
    const updated = await service.update(alice, 'site-1', 'tpl-1', {
      name: 'Weekly',
      utmParameters: { medium: 'mail' },
    });
    expect(templates.update).toHaveBeenCalledWith('site-1', 'tpl-1', {
      name: 'Weekly',
      utm_parameters: JSON.stringify({ medium: 'mail' }),
      updated_at: expect.any(String),
    });
    expect(updated.name).toBe('Weekly');
  });

  it('keeps default templates read-only', async () => {
    const { service, templates } = build();
    templates.find.mockResolvedValue(templateRow({ website_id: null, is_default: 1 }));
    await expect(service.update(alice, 'site-1', 'tpl-1', { name: 'Mine' })).rejects.toThrow(
      new ValidationError(messages.templates.cannotModifyDefault),
    );
    await expect(service.remove(alice, 'site-1', 'tpl-1')).rejects.toThrow(
      messages.templates.cannotDeleteDefault,
    );
    expect(templates.update).not.toHaveBeenCalled();
    expect(templates.delete).not.toHaveBeenCalled();
  });

  it('answers not found for a template the website does not see', async () => {
    const { service, templates } = build();
    await expect(service.remove(alice, 'site-1', 'tpl-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(templates.find).toHaveBeenCalledWith('site-1', 'tpl-x');
    templates.find.mockResolvedValue(templateRow());
    await service.remove(alice, 'site-1', 'tpl-1');
    expect(templates.delete).toHaveBeenCalledWith('site-1', 'tpl-1');
  });
});
