import { createHash } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import type { EventStore, IngestCampaign, IngestPorts } from '@ocx/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import { createPlaceLookup } from '../ingest/geo-lookup';
import { GroupCommitWriter } from '../ingest/group-commit-writer';
import { IngestMetrics } from '../ingest/ingest-metrics';
import { TtlCache } from '../ingest/ttl-cache';
import { isBot, parseUserAgent } from '../ingest/user-agent';
import { WebsiteDirectory } from '../ingest/website-directory';
import { ClickHouseEventStore } from '../storage/events/event-store.clickhouse';
import { SqlEventStore } from '../storage/events/event-store.sql';
import { SqliteThreadEventStore } from '../storage/events/event-store.sqlite-thread';
import { ReportReaderThread } from '../storage/events/report-reader';
import type { ReportReaders } from '../storage/events/report-reader-messages';
import { relayChanges } from '../storage/redis/change-relay';
import { openRedis } from '../storage/redis/redis-client';
import { startEventWriter } from '../workers/event-writer';
import { startReportReader } from '../workers/report-reader';
import { DomainEventBus } from './domain-events';
import { createAnonymousSessions } from './privacy/anonymous-sessions';
import { VisitorSaltService } from './privacy/visitor-salt.service';
import { RateLimits } from './rate-limits';
import { createRepositories, type Repositories } from './repositories';

/**
 * Collect commits of this many events or more (a busy moment) are acknowledged once stored and
 * derived in batches; smaller ones derive in their own transaction, so light traffic finds its
 * sessions and clicks right after the answer.
 */
const DEFER_DERIVATION_AT = 32;

/**
 * On PostgreSQL each commit holds a pooled connection (10 per server) and the commits of one website
 * take turns with every app server's: 16 in flight left a busy website's commits holding the whole
 * pool while they waited for their turn, and crediting or a tracker config lookup then waited past
 * the pool's 5 s for a connection (503). Four in flight keep most of the pool free; what queues
 * meanwhile goes into the next, larger batch.
 */
const POSTGRES_COMMITS = { maxBatch: 2000, maxInFlight: 4, flushAt: 24 };

/** What the domain services stand on: storage, the event pipeline's plumbing and the event bus. */
export interface Infrastructure {
  database: Database;
  /** The events' ClickHouse (CLICKHOUSE_URL), or null. */
  clickhouse: ClickHouseClient | null;
  repositories: Repositories;
  events: EventStore;
  /** The SQLite writer thread, when the events live in SQLite: it also runs the crediting job. */
  writerThread: SqliteThreadEventStore | null;
  writer: GroupCommitWriter;
  /** The reports that scan raw events: on a reader thread of a SQLite file, else the repositories. */
  reports: ReportReaders;
  /** That reader thread (closed with the app), when there is one. */
  reportReader: ReportReaderThread | null;
  metrics: IngestMetrics;
  directory: WebsiteDirectory;
  ports: IngestPorts;
  bus: DomainEventBus;
  /** Today's salt of hash visitors (ingestion) and its daily rotation (a background task). */
  visitorSalts: VisitorSaltService;
  /** REDIS_URL's connection, null without one. */
  redis: Redis | null;
  /** Closes the Redis connections (with the app). */
  closeRedis(): void;
  /** Request limits, shared by every app server through Redis when there is one. */
  limits: RateLimits;
}

export function createInfrastructure(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  clickhouse: ClickHouseClient | null = null,
): Infrastructure {
  const bus = new DomainEventBus();
  const redis = config.redisUrl ? openRedis(config.redisUrl, log) : null;
  const stored = (count: number) => {
    if (count > 0) void bus.emit('conversions.stored', { count });
  };
  const repositories = createRepositories(database, clickhouse);
  const sqliteFile = 'file' in config.database ? config.database.file : null;
  // With the events in ClickHouse, the SQLite writer thread (events and derivation in one file) is not used.
  const writerThread =
    database.sqlite && sqliteFile && !clickhouse
      ? new SqliteThreadEventStore(database.db, sqliteFile, {
          deferAt: DEFER_DERIVATION_AT,
          startWriter: startEventWriter,
          onDerived: (derived) => stored(derived.conversions),
          onDeriveError: (message) =>
            log.error({ error: message }, 'deriving stored events failed; retrying'),
          onWriterExit: (err, restartInMs) =>
            log.error({ err, restartInMs }, 'the event writer thread ended; starting a new one'),
        })
      : null;
  const events: EventStore =
    writerThread ??
    (clickhouse
      ? new ClickHouseEventStore(database.db, database.dialect, clickhouse)
      : new SqlEventStore(database.db, database.dialect));
  // With the events in ClickHouse the thread counts them there (and reads the rest from the file).
  const reportReader =
    database.sqlite && sqliteFile
      ? new ReportReaderThread(sqliteFile, startReportReader, config.clickhouse)
      : null;
  const reports: ReportReaders = reportReader?.readers ?? {
    breakdowns: repositories.breakdowns,
    filteredDashboard: repositories.filteredDashboard,
  };
  const metrics = new IngestMetrics();
  const writer = new GroupCommitWriter(
    events,
    (committed) => {
      metrics.committed(committed);
      stored(committed.conversions);
    },
    writerThread ? undefined : POSTGRES_COMMITS,
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
    database,
    clickhouse,
    repositories,
    events,
    writerThread,
    writer,
    reports,
    reportReader,
    metrics,
    directory,
    ports,
    bus,
    visitorSalts,
    redis,
    closeRedis: () => {
      relay?.close();
      redis?.disconnect();
    },
    limits: new RateLimits(redis),
  };
}
