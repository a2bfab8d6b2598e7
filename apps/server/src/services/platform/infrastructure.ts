import { createHash } from 'node:crypto';
import type { IngestCampaign, IngestPorts } from '@ocx/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config';
import type { Backend } from '../../storage/backend';
import { openRedis, redisReady } from '../../storage/redis/redis-client';
import { createPlaceLookup } from '../ingest/geo-lookup';
import { GroupCommitWriter } from '../ingest/group-commit-writer';
import { IngestMetrics } from '../ingest/ingest-metrics';
import { TtlCache } from '../ingest/ttl-cache';
import { isBot, parseUserAgent } from '../ingest/user-agent';
import { WebsiteDirectory } from '../ingest/website-directory';
import { createAnonymousSessions } from '../privacy/anonymous-sessions';
import { VisitorSaltService } from '../privacy/visitor-salt.service';
import { relayChanges } from './change-relay';
import type { DomainEventBus } from './domain-events';
import { RateLimits } from './rate-limits';

/** What the domain services stand on besides the backend: collect's plumbing, caches and Redis. */
export interface Infrastructure {
  writer: GroupCommitWriter;
  metrics: IngestMetrics;
  directory: WebsiteDirectory;
  ports: IngestPorts;
  /** Today's salt of hash visitors (ingestion) and its daily rotation (a background task). */
  visitorSalts: VisitorSaltService;
  /** Request limits, shared by every app server through Redis when there is one. */
  limits: RateLimits;
  /** Resolves once Redis answers (at once without Redis): shared limits count from the first request. */
  ready(): Promise<void>;
  /** Lets the commits collect is waiting for finish. */
  drain(): Promise<void>;
  /** Closes the Redis connections. */
  close(): void;
}

export function createInfrastructure(
  backend: Backend,
  bus: DomainEventBus,
  config: AppConfig,
  log: FastifyBaseLogger,
): Infrastructure {
  const { repositories } = backend;
  const redis = config.redisUrl ? openRedis(config.redisUrl, log) : null;
  const metrics = new IngestMetrics();
  const writer = new GroupCommitWriter(
    backend.events,
    (committed) => {
      metrics.committed(committed);
      if (committed.conversions > 0) void bus.emit('conversions.stored', { count: committed.conversions });
    },
    backend.commits,
  );
  const directory = new WebsiteDirectory(repositories.websites, repositories.goals, repositories.funnels);
  const visitorSalts = new VisitorSaltService(repositories.visitorSalts);
  const ocxids = new TtlCache<IngestCampaign | null>((campaign) => (campaign ? 60_000 : 10_000));
  bus.on('website.changed', ({ websiteId }) => directory.invalidate(websiteId));
  bus.on('campaign.changed', ({ websiteId, ocxid }) => ocxids.invalidate(`${websiteId}:${ocxid}`));
  // Other app servers hear of these changes at once through Redis; without it, within the TTLs above.
  const relay = redis ? relayChanges(redis, bus) : null;
  const ports: IngestPorts = {
    website: async (id) => (await directory.get(id))?.ingest ?? null,
    campaignByOcxid: (websiteId, ocxid) =>
      ocxids.get(`${websiteId}:${ocxid}`, () => repositories.campaigns.findTagsByOcxid(websiteId, ocxid)),
    locate: createPlaceLookup(config.geoLocation),
    isBot,
    parseUserAgent,
    visitorSalt: () => visitorSalts.today(),
    anonymousSession: createAnonymousSessions(Date.now, redis),
    hash: (text) => createHash('sha256').update(text).digest('hex'),
  };
  return {
    writer,
    metrics,
    directory,
    ports,
    visitorSalts,
    limits: new RateLimits(redis),
    ready: async () => {
      if (redis) await redisReady(redis);
    },
    drain: () => writer.drain(),
    close: () => {
      relay?.close();
      redis?.disconnect();
    },
  };
}
