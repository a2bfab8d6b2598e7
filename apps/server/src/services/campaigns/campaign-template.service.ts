import { randomUUID } from 'node:crypto';
import {
  type CampaignTemplate,
  type CampaignTemplatePatch,
  messages,
  type NewCampaignTemplate,
  TemplateCategory,
  type UtmParams,
} from '@ocx/contracts';
import { parseJson, toIso } from '../../db/sql-values';
import { NotFoundError, ValidationError } from '../../errors';
import type {
  CampaignTemplateRepository,
  CampaignTemplateRow,
} from '../../storage/campaigns/campaign-template.repository';
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
    const rows = await this.templates.list(websiteId, {
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.network ? { network: filter.network } : {}),
    });
    return rows.map(toTemplate);
  }

  async create(user: CurrentUser, websiteId: string, input: NewCampaignTemplate): Promise<CampaignTemplate> {
    await this.access.website(user, websiteId, 'write');
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      website_id: websiteId,
      name: input.name,
      description: input.description,
      network: input.network,
      source: input.source,
      category: input.category,
      is_default: 0,
      utm_parameters: JSON.stringify(cleanUtm(input.utmParameters)),
      custom_parameters: JSON.stringify(cleanCustom(input.customParameters)),
      created_at: now,
      updated_at: now,
    };
    await this.templates.insert(row);
    return toTemplate(row);
  }

  async update(
    user: CurrentUser,
    websiteId: string,
    id: string,
    patch: CampaignTemplatePatch,
  ): Promise<CampaignTemplate> {
    const row = await this.visible(user, websiteId, id, 'write');
    if (Number(row.is_default) === 1) throw new ValidationError(messages.templates.cannotModifyDefault);
    await this.templates.update(websiteId, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.network !== undefined ? { network: patch.network } : {}),
      ...(patch.source !== undefined ? { source: patch.source } : {}),
      ...(patch.category !== undefined ? { category: patch.category } : {}),
      ...(patch.utmParameters ? { utm_parameters: JSON.stringify(cleanUtm(patch.utmParameters)) } : {}),
      ...(patch.customParameters
        ? { custom_parameters: JSON.stringify(cleanCustom(patch.customParameters)) }
        : {}),
      updated_at: new Date().toISOString(),
    });
    return toTemplate(await this.visible(user, websiteId, id, 'read'));
  }

  async remove(user: CurrentUser, websiteId: string, id: string): Promise<void> {
    const row = await this.visible(user, websiteId, id, 'write');
    if (Number(row.is_default) === 1) throw new ValidationError(messages.templates.cannotDeleteDefault);
    await this.templates.delete(websiteId, id);
  }

  /** The template when the user may `need` its website (a viewer reads templates, never changes them). */
  private async visible(
    user: CurrentUser,
    websiteId: string,
    id: string,
    need: WebsiteAccess,
  ): Promise<CampaignTemplateRow> {
    await this.access.website(user, websiteId, need);
    const row = await this.templates.find(websiteId, id);
    if (!row) throw new NotFoundError(messages.templates.notFound);
    return row;
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

function toTemplate(row: CampaignTemplateRow): CampaignTemplate {
  return {
    id: row.id,
    websiteId: row.website_id,
    name: row.name,
    description: row.description,
    network: row.network,
    source: row.source,
    category: TemplateCategory.catch('platform').parse(row.category),
    isDefault: Number(row.is_default) === 1,
    utmParameters: parseJson<UtmParams>(row.utm_parameters, {}),
    customParameters: parseJson<Record<string, string>>(row.custom_parameters, {}),
    updatedAt: toIso(row.updated_at),
  };
}
