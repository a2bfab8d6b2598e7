import { randomUUID } from 'node:crypto';
import { messages, type NewTrafficSource, type TrafficSource } from '@ocx/contracts';
import { slugify, sourceMatcher } from '@ocx/core';
import { isUniqueViolation } from '../../db/sql-values';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type { NetworkRepository } from '../../storage/campaigns/network.repository';
import { toStoredTrafficSource } from '../../storage/campaigns/traffic-source.mapper';
import type {
  StoredTrafficSource,
  TrafficSourceRepository,
} from '../../storage/campaigns/traffic-source.repository';
import type { WebsiteRow } from '../../storage/websites/website.repository';
import type { Access, CurrentUser } from '../platform/access';
import type { MetricsSnapshot, TouchpointMetricsService } from './touchpoint-metrics.service';

/** Spec §3's seeded sources; their metrics are computed like any other source's (docs/decisions.md#differences-from-the-original-product-description). */
export const DEFAULT_SOURCES = [
  { name: 'Search', description: 'Search engine traffic' },
  { name: 'Social', description: 'Social media traffic' },
  { name: 'Display', description: 'Display advertising' },
  { name: 'Shopping', description: 'Shopping campaigns' },
];

export class TrafficSourceService {
  constructor(
    private readonly sources: TrafficSourceRepository,
    private readonly access: Access,
    private readonly metrics: TouchpointMetricsService,
    private readonly networks: NetworkRepository,
    private readonly campaigns: Pick<CampaignRepository, 'renameSource'>,
  ) {}

  async list(user: CurrentUser, websiteId: string): Promise<TrafficSource[]> {
    const website = await this.access.website(user, websiteId, 'read');
    // Networks saved before their sources were adopted on save still name them: adopt them now.
    await this.adopt(
      website,
      (await this.networks.listByWebsite(websiteId)).flatMap((n) => n.sources),
    );
    const [rows, snapshot] = await Promise.all([
      this.sources.listByWebsite(websiteId),
      this.metrics.snapshot(website),
    ]);
    return rows.map((row) => toSource(row, snapshot));
  }

  async create(user: CurrentUser, websiteId: string, input: NewTrafficSource): Promise<TrafficSource> {
    const website = await this.access.website(user, websiteId, 'write');
    await this.seedOnce(website);
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      website_id: websiteId,
      slug: slugify(input.name),
      name: input.name.trim(),
      description: input.description.trim(),
      is_default: 0,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.sources.insert(row))) throw new ValidationError(messages.sources.duplicate, 'name');
    return toSource(toStoredTrafficSource(row), await this.metrics.snapshot(website));
  }

  /** Edits name and description with the same rules as create. */
  async update(
    user: CurrentUser,
    websiteId: string,
    id: string,
    input: NewTrafficSource,
  ): Promise<TrafficSource> {
    const website = await this.access.website(user, websiteId, 'write');
    await this.seedOnce(website);
    const source = await this.find(websiteId, id);
    const name = input.name.trim();
    const now = new Date().toISOString();
    const changes = { slug: slugify(name), name, description: input.description.trim(), updated_at: now };
    try {
      if (!(await this.sources.update(websiteId, id, changes)))
        throw new NotFoundError(messages.sources.notFound);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError(messages.sources.duplicate, 'name');
      throw error;
    }
    if (name !== source.name) {
      // The networks that list it and the campaigns of it take the new name: the Networks screen
      // keeps agreeing, the card keeps counting its campaigns, and no network re-adopts the old name.
      await this.replaceInNetworks(websiteId, source.slug, name, now);
      await this.campaigns.renameSource(websiteId, source.name, name, now);
    }
    const saved = { ...source, ...changes, updatedAt: now };
    return toSource(saved, await this.metrics.snapshot(website));
  }

  async remove(user: CurrentUser, websiteId: string, id: string): Promise<void> {
    const website = await this.access.website(user, websiteId, 'write');
    await this.seedOnce(website);
    const source = await this.find(websiteId, id);
    if (!(await this.sources.delete(websiteId, id))) throw new NotFoundError(messages.sources.notFound);
    // A deleted source leaves the networks that named it, so the two screens keep agreeing.
    await this.replaceInNetworks(websiteId, source.slug, null, new Date().toISOString());
  }

  private async find(websiteId: string, id: string): Promise<StoredTrafficSource> {
    const source = (await this.sources.listByWebsite(websiteId)).find((s) => s.id === id);
    if (!source) throw new NotFoundError(messages.sources.notFound);
    return source;
  }

  /** Every network naming the source (by slug) names `name` instead, or drops it when null. */
  private async replaceInNetworks(websiteId: string, slug: string, name: string | null, now: string) {
    for (const network of await this.networks.listByWebsite(websiteId)) {
      if (!network.sources.some((s) => slugify(s) === slug)) continue;
      const renamed = network.sources.flatMap((s) =>
        slugify(s) !== slug ? [s] : name === null ? [] : [name],
      );
      await this.networks.setSources(websiteId, network.id, [...new Set(renamed)], now);
    }
  }

  /**
   * Every source a network names is a traffic source of its website, so the Sources screen has a
   * card for each source the Networks screen shows (a name only the API sent is added here).
   */
  async adopt(website: WebsiteRow, names: string[]): Promise<void> {
    await this.seedOnce(website);
    const known = new Set((await this.sources.listByWebsite(website.id)).map((s) => s.slug));
    const now = new Date().toISOString();
    for (const name of names) {
      const slug = slugify(name);
      if (!slug || known.has(slug)) continue;
      known.add(slug);
      await this.sources.insert({
        id: randomUUID(),
        website_id: website.id,
        slug,
        name,
        description: '',
        is_default: 0,
        created_at: now,
        updated_at: now,
      });
    }
  }

  /** The defaults arrive with a website's first read of its sources; once deleted they stay deleted. */
  private async seedOnce(website: WebsiteRow): Promise<void> {
    if (await this.sources.seeded(website.id)) return;
    const now = new Date().toISOString();
    await this.sources.seed(
      website.id,
      DEFAULT_SOURCES.map((s, i) => ({
        id: randomUUID(),
        website_id: website.id,
        slug: slugify(s.name),
        name: s.name,
        description: s.description,
        is_default: 1,
        // Keeps the spec's order among equal timestamps.
        created_at: new Date(Date.parse(now) + i).toISOString(),
        updated_at: now,
      })),
    );
  }
}

function toSource(source: StoredTrafficSource, snapshot: MetricsSnapshot): TrafficSource {
  return {
    id: source.id,
    websiteId: source.websiteId,
    slug: source.slug,
    name: source.name,
    description: source.description,
    isDefault: source.isDefault,
    metrics: snapshot.metrics(sourceMatcher(source.name, snapshot.campaigns)),
    createdAt: source.createdAt,
  };
}
