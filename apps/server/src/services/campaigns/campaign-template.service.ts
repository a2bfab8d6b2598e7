import { randomUUID } from 'node:crypto';
import {
  type CampaignTemplate,
  type CampaignTemplatePatch,
  messages,
  type NewCampaignTemplate,
  type UtmParams,
} from '@ocx/contracts';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignTemplateRepository } from '../../storage/campaigns/campaign-template.repository';
import type { Access, CurrentUser, WebsiteAccess } from '../platform/access';

/** Default templates are visible to all and read-only; a user's own are scoped to a website (spec §6). */
export class CampaignTemplateService {
  constructor(
    private readonly templates: CampaignTemplateRepository,
    private readonly access: Access,
  ) {}

  async list(
    user: CurrentUser,
    websiteId: string,
    filter: { category?: string | undefined; network?: string | undefined },
  ): Promise<CampaignTemplate[]> {
    await this.access.website(user, websiteId, 'read');
    return this.templates.list(websiteId, {
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.network ? { network: filter.network } : {}),
    });
  }

  async create(user: CurrentUser, websiteId: string, input: NewCampaignTemplate): Promise<CampaignTemplate> {
    await this.access.website(user, websiteId, 'write');
    const now = new Date().toISOString();
    const template = {
      id: randomUUID(),
      websiteId,
      name: input.name,
      description: input.description,
      network: input.network,
      source: input.source,
      category: input.category,
      isDefault: false,
      utmParameters: cleanUtm(input.utmParameters),
      customParameters: cleanCustom(input.customParameters),
      updatedAt: now,
    } satisfies CampaignTemplate;
    await this.templates.insert({ ...template, createdAt: now });
    return template;
  }

  async update(
    user: CurrentUser,
    websiteId: string,
    id: string,
    patch: CampaignTemplatePatch,
  ): Promise<CampaignTemplate> {
    const template = await this.visible(user, websiteId, id, 'write');
    if (template.isDefault) throw new ValidationError(messages.templates.cannotModifyDefault);
    await this.templates.update(websiteId, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.network !== undefined ? { network: patch.network } : {}),
      ...(patch.source !== undefined ? { source: patch.source } : {}),
      ...(patch.category !== undefined ? { category: patch.category } : {}),
      ...(patch.utmParameters ? { utmParameters: cleanUtm(patch.utmParameters) } : {}),
      ...(patch.customParameters ? { customParameters: cleanCustom(patch.customParameters) } : {}),
      updatedAt: new Date().toISOString(),
    });
    return this.visible(user, websiteId, id, 'read');
  }

  async remove(user: CurrentUser, websiteId: string, id: string): Promise<void> {
    const template = await this.visible(user, websiteId, id, 'write');
    if (template.isDefault) throw new ValidationError(messages.templates.cannotDeleteDefault);
    await this.templates.delete(websiteId, id);
  }

  /** The template when the user may `need` its website (a viewer reads templates, never changes them). */
  private async visible(
    user: CurrentUser,
    websiteId: string,
    id: string,
    need: WebsiteAccess,
  ): Promise<CampaignTemplate> {
    await this.access.website(user, websiteId, need);
    const template = await this.templates.find(websiteId, id);
    if (!template) throw new NotFoundError(messages.templates.notFound);
    return template;
  }
}

function cleanUtm(utm: UtmParams): UtmParams {
  return Object.fromEntries(
    Object.entries(utm)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : ''])
      .filter(([, v]) => v !== ''),
  );
}

/** A custom parameter needs a name and a value (spec §5); the ocxid belongs to each campaign. */
function cleanCustom(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .map(([k, v]) => [k.trim(), v.trim()])
      .filter(([k, v]) => k && v && k !== 'ocxid'),
  );
}
