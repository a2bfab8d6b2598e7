import { type CampaignTemplate, messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignTemplateRepository } from '../../storage/campaigns/campaign-template.repository';
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

const template = (changes: Partial<CampaignTemplate> = {}): CampaignTemplate => ({
  id: 'tpl-1',
  websiteId: 'site-1',
  name: 'Newsletter',
  description: '',
  network: 'Mail',
  source: 'Newsletter',
  category: 'goal',
  isDefault: false,
  utmParameters: { medium: 'email' },
  customParameters: { list: 'weekly' },
  updatedAt: '2024-03-02T10:00:00.000Z',
  ...changes,
});

describe('CampaignTemplateService', () => {
  it('lists the templates the website sees, passing only the filters given', async () => {
    const { service, templates, access } = build();
    const seen = [template(), template({ id: 'tpl-d', websiteId: null, isDefault: true })];
    templates.list.mockResolvedValue(seen);
    await expect(service.list(alice, 'site-1', { category: '', network: 'Mail' })).resolves.toEqual(seen);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
    expect(templates.list).toHaveBeenCalledWith('site-1', { network: 'Mail' });
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
      websiteId: 'site-1',
      utmParameters: { source: 'google', campaign: 'spring' },
      customParameters: { gclid: '{gclid}' },
      createdAt: made.updatedAt,
    });
    expect(made).toEqual({
      id: stored?.id,
      websiteId: 'site-1',
      name: 'Spring',
      description: '',
      network: 'Google Ads',
      source: 'Search',
      category: 'platform',
      isDefault: false,
      utmParameters: { source: 'google', campaign: 'spring' },
      customParameters: { gclid: '{gclid}' },
      updatedAt: expect.any(String),
    });
  });

  it('changes only the fields patched and answers the template read again', async () => {
    const { service, templates } = build();
    templates.find.mockResolvedValueOnce(template()).mockResolvedValueOnce(template({ name: 'Weekly' }));
    const updated = await service.update(alice, 'site-1', 'tpl-1', {
      name: 'Weekly',
      utmParameters: { medium: ' mail ', term: '' },
    });
    expect(templates.update).toHaveBeenCalledWith('site-1', 'tpl-1', {
      name: 'Weekly',
      utmParameters: { medium: 'mail' },
      updatedAt: expect.any(String),
    });
    expect(updated.name).toBe('Weekly');
  });

  it('keeps default templates read-only', async () => {
    const { service, templates } = build();
    templates.find.mockResolvedValue(template({ websiteId: null, isDefault: true }));
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
    templates.find.mockResolvedValue(template());
    await service.remove(alice, 'site-1', 'tpl-1');
    expect(templates.delete).toHaveBeenCalledWith('site-1', 'tpl-1');
  });
});
