import { randomUUID } from 'node:crypto';
import { messages, type Network, type NewNetwork } from '@ocx/contracts';
import { networkMatcher, serializeParam, slugify, trackingParamFor } from '@ocx/core';
import { parseJson, toIso } from '../../db/sql-values';
import { NotFoundError, ValidationError } from '../../errors';
import type { NetworkRepository, NetworkRow } from '../../storage/sql/campaigns/network.repository';
import type { Access, CurrentUser } from '../access';
import type { MetricsSnapshot, TouchpointMetricsService } from './touchpoint-metrics.service';

export class NetworkService {
  constructor(
    private readonly networks: NetworkRepository,
    private readonly access: Access,
    private readonly metrics: TouchpointMetricsService,
  ) {}

  async list(user: CurrentUser, websiteId: string): Promise<Network[]> {
    const website = await this.access.website(user, websiteId, 'read');
    const [rows, snapshot] = await Promise.all([
      this.networks.listByWebsite(websiteId),
      this.metrics.snapshot(website),
    ]);
    return rows.map((row) => toNetwork(row, snapshot));
  }

  async create(user: CurrentUser, websiteId: string, input: NewNetwork): Promise<Network> {
    const website = await this.access.website(user, websiteId, 'write');
    const now = new Date().toISOString();
    const params = [...new Set(input.trackingParams.map((p) => p.trim().toLowerCase()).filter(Boolean))];
    const sources = [...new Set(input.sources.map((s) => s.trim()).filter(Boolean))];
    const row = {
      id: randomUUID(),
      website_id: websiteId,
      slug: slugify(input.name),
      name: input.name.trim(),
      tracking_params: JSON.stringify(params),
      sources: JSON.stringify(sources),
      created_at: now,
      updated_at: now,
    };
    if (!(await this.networks.insert(row))) throw new ValidationError(messages.networks.duplicate);
    return toNetwork(row, await this.metrics.snapshot(website));
  }

  async remove(user: CurrentUser, websiteId: string, id: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.networks.delete(websiteId, id))) throw new NotFoundError(messages.networks.notFound);
  }
}

function toNetwork(row: NetworkRow, snapshot: MetricsSnapshot): Network {
  const params = parseJson<string[]>(row.tracking_params, []);
  return {
    id: row.id,
    websiteId: row.website_id,
    slug: row.slug,
    name: row.name,
    trackingParams: params.map((p) => serializeParam(trackingParamFor(p))),
    sources: parseJson<string[]>(row.sources, []),
    metrics: snapshot.metrics(networkMatcher(row.name, params, snapshot.campaigns)),
    createdAt: toIso(row.created_at),
  };
}
