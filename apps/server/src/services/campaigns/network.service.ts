import { randomUUID } from 'node:crypto';
import { messages, type Network, type NewNetwork } from '@ocx/contracts';
import { networkMatcher, serializeParam, slugify, trackingParamFor } from '@ocx/core';
import { isUniqueViolation } from '../../db/sql-values';
import { NotFoundError, ValidationError } from '../../errors';
import type { NetworkRepository, StoredNetwork } from '../../storage/campaigns/network.repository';
import type { Access, CurrentUser } from '../platform/access';
import type { MetricsSnapshot, TouchpointMetricsService } from './touchpoint-metrics.service';
import type { TrafficSourceService } from './traffic-source.service';

export class NetworkService {
  constructor(
    private readonly networks: NetworkRepository,
    private readonly access: Access,
    private readonly metrics: TouchpointMetricsService,
    private readonly trafficSources: Pick<TrafficSourceService, 'adopt'>,
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
    const network = { id: randomUUID(), websiteId, ...fields(input), createdAt: now, updatedAt: now };
    if (!(await this.networks.insert(network)))
      throw new ValidationError(messages.networks.duplicate, 'name');
    await this.trafficSources.adopt(website, input.sources);
    return toNetwork(network, await this.metrics.snapshot(website));
  }

  /** Edits name, tracking parameters and sources with the same rules as create. */
  async update(user: CurrentUser, websiteId: string, id: string, input: NewNetwork): Promise<Network> {
    const website = await this.access.website(user, websiteId, 'write');
    const changed = { ...fields(input), updatedAt: new Date().toISOString() };
    try {
      if (!(await this.networks.update(websiteId, id, changed)))
        throw new NotFoundError(messages.networks.notFound);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError(messages.networks.duplicate, 'name');
      throw error;
    }
    await this.trafficSources.adopt(website, input.sources);
    const network = await this.networks.find(websiteId, id);
    if (!network) throw new NotFoundError(messages.networks.notFound);
    return toNetwork(network, await this.metrics.snapshot(website));
  }

  async remove(user: CurrentUser, websiteId: string, id: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.networks.delete(websiteId, id))) throw new NotFoundError(messages.networks.notFound);
  }
}

function fields(input: NewNetwork) {
  const params = [...new Set(input.trackingParams.map((p) => p.trim().toLowerCase()).filter(Boolean))];
  const sources = [...new Set(input.sources.map((s) => s.trim()).filter(Boolean))];
  return { slug: slugify(input.name), name: input.name.trim(), trackingParams: params, sources };
}

function toNetwork(network: StoredNetwork, snapshot: MetricsSnapshot): Network {
  return {
    id: network.id,
    websiteId: network.websiteId,
    slug: network.slug,
    name: network.name,
    trackingParams: network.trackingParams.map((p) => serializeParam(trackingParamFor(p))),
    sources: network.sources,
    metrics: snapshot.metrics(networkMatcher(network.name, network.trackingParams, snapshot.campaigns)),
    createdAt: network.createdAt,
  };
}
