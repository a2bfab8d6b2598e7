// At the top of storage/ because it spans every domain: the backend with the raw events in ClickHouse.
import type { ClickHouseClient } from '@clickhouse/client';
import { ClickHouseReportRepository } from './attribution/report.clickhouse';
import {
  type Backend,
  type BackendSetup,
  type EventAddresses,
  metadataRepositories,
  POOLED_COMMITS,
} from './backend';
import { ClickHouseBreakdownRepository } from './breakdowns/breakdown.clickhouse';
import { ClickHouseTouchpointRepository } from './campaigns/touchpoint.clickhouse';
import { ClickHouseMirror } from './clickhouse/mirror.clickhouse';
import { ClickHouseDashboardRepository } from './dashboard/dashboard.clickhouse';
import { ClickHouseFilteredDashboardRepository } from './dashboard/dashboard-filtered.clickhouse';
import { ClickHouseRollupRebuildRepository } from './dashboard/rollup-rebuild.clickhouse';
import { ClickHouseDatabaseDebugRepository } from './debug/database-debug.clickhouse';
import { ClickHouseEventStore } from './events/event-store.clickhouse';
import { pendingCommitSweepTask } from './events/pending-commit-sweep';
import { ReportReaderThread } from './events/report-reader';
import { startReportReader } from './events/report-reader.thread';
import type { ReportReaders } from './events/report-reader-messages';
import { ClickHouseFunnelEventRepository } from './funnels/funnel-event.clickhouse';
import { ClickHouseLogRepository } from './logs/log.clickhouse';
import { ClickHouseConsentLinkRepository } from './privacy/consent-link.clickhouse';
import { ClickHouseRetentionRepository } from './privacy/retention.clickhouse';
import { truncateClickHouseAddresses } from './privacy/stored-addresses.clickhouse';
import { ClickHouseVisitorDataRepository } from './privacy/visitor-data.clickhouse';

/** ClickHouse's connection, and where the reader thread connects to it. */
export interface ClickHouseSetup {
  client: ClickHouseClient;
  url: string;
  database?: string;
}

/** A commit or a mutation with ClickHouse copies at most this much per background pass (ms). */
const COPY_BUDGET_MS = 1000;
/**
 * ClickHouse's addresses are cut up to the last whole hour, at most once an hour: a mutation there
 * rewrites the column of every part it touches, too much to run on every pass.
 */
const ADDRESS_STEP_MS = 3_600_000;

/** The raw-event reports counted in ClickHouse (the rollups, conversions and clicks read from SQL). */
export function clickhouseReportReaders(
  { db, dialect }: BackendSetup['database'],
  client: ClickHouseClient,
): ReportReaders {
  return {
    breakdowns: new ClickHouseBreakdownRepository(db, dialect, client),
    filteredDashboard: new ClickHouseFilteredDashboardRepository(client),
  };
}

export function clickhouseEventAddresses(client: ClickHouseClient): EventAddresses {
  let cutTo = 0;
  return {
    async cutBefore(before) {
      const upTo = Math.floor(before / ADDRESS_STEP_MS) * ADDRESS_STEP_MS;
      if (upTo <= cutTo) return 0;
      const cut = await truncateClickHouseAddresses(client, { before: upTo });
      cutTo = upTo;
      return cut;
    },
  };
}

/**
 * The raw events in ClickHouse, with copies of the clicks, conversions and credits that the logs
 * and reports read there (docs/clickhouse.md); metadata, sessions, rollups and the attribution rows
 * themselves stay in the SQL database. On a SQLite file the raw-event reports still run on a reader
 * thread, which counts in ClickHouse and reads the rest from the file.
 */
export function clickhouseBackend(setup: BackendSetup, clickhouse: ClickHouseSetup): Backend {
  const { database, sqliteFile } = setup;
  const { db, dialect } = database;
  const { client } = clickhouse;
  const events = new ClickHouseEventStore(db, dialect, client);
  const mirror = new ClickHouseMirror(db, dialect, client);
  const reportReader = sqliteFile
    ? new ReportReaderThread(sqliteFile, startReportReader, {
        url: clickhouse.url,
        ...(clickhouse.database ? { database: clickhouse.database } : {}),
      })
    : null;
  return {
    repositories: {
      ...metadataRepositories(database),
      breakdowns: new ClickHouseBreakdownRepository(db, dialect, client),
      consentLinks: new ClickHouseConsentLinkRepository(db, dialect, client),
      dashboard: new ClickHouseDashboardRepository(db, client),
      filteredDashboard: new ClickHouseFilteredDashboardRepository(client),
      databaseDebug: new ClickHouseDatabaseDebugRepository(db, client),
      funnelEvents: new ClickHouseFunnelEventRepository(client),
      logs: new ClickHouseLogRepository(db, client),
      reports: new ClickHouseReportRepository(db, client),
      retention: new ClickHouseRetentionRepository(db, client),
      touchpoints: new ClickHouseTouchpointRepository(db, client),
      visitorData: new ClickHouseVisitorDataRepository(db, dialect, client),
    },
    events,
    writerThread: null,
    reports: reportReader?.readers ?? clickhouseReportReaders(database, client),
    commits: POOLED_COMMITS,
    rollupRebuild: new ClickHouseRollupRebuildRepository(db, dialect, client),
    eventAddresses: clickhouseEventAddresses(client),
    upkeep: [
      {
        name: 'copy clicks, conversions and credits to ClickHouse',
        run: () => mirror.drainFor(COPY_BUDGET_MS),
      },
      pendingCommitSweepTask(events),
    ],
    async health() {
      const [reachable, copyBacklog] = await Promise.all([
        client
          .ping()
          .then((answer) => answer.success)
          .catch(() => false),
        mirror.backlog().catch(() => null),
      ]);
      return { reachable, copyBacklog };
    },
    async close() {
      await reportReader?.close();
      await events.close();
      await client.close();
    },
  };
}
