// At the top of storage/ because it spans every domain: the backend with everything in the SQL database.
import { SqlReportRepository } from './attribution/report.sql';
import { type Backend, type BackendSetup, metadataRepositories, POOLED_COMMITS } from './backend';
import { SqlBreakdownRepository } from './breakdowns/breakdown.sql';
import { SqlTouchpointRepository } from './campaigns/touchpoint.sql';
import { SqlDashboardRepository } from './dashboard/dashboard.sql';
import { SqlFilteredDashboardRepository } from './dashboard/dashboard-filtered.sql';
import { SqlRollupRebuildRepository } from './dashboard/rollup-rebuild.sql';
import { SqlDatabaseDebugRepository } from './debug/database-debug.sql';
import { SqlEventStore } from './events/event-store.sql';
import { SqliteThreadEventStore } from './events/event-store.sqlite-thread';
import { startEventWriter } from './events/event-writer.thread';
import { ReportReaderThread } from './events/report-reader';
import { startReportReader } from './events/report-reader.thread';
import type { ReportReaders } from './events/report-reader-messages';
import { SqlFunnelEventRepository } from './funnels/funnel-event.sql';
import { SqlLogRepository } from './logs/log.sql';
import { SqlConsentLinkRepository } from './privacy/consent-link.sql';
import { SqlRetentionRepository } from './privacy/retention.sql';
import { SqlVisitorDataRepository } from './privacy/visitor-data.sql';

/**
 * Collect commits of this many events or more (a busy moment) are acknowledged once stored and
 * derived in batches; smaller ones derive in their own transaction, so light traffic finds its
 * sessions and clicks right after the answer.
 */
const DEFER_DERIVATION_AT = 32;

/** The raw-event reports read from the SQL database itself (breakdowns, the filtered dashboard). */
export function sqlReportReaders({ db, dialect }: BackendSetup['database']): ReportReaders {
  return {
    breakdowns: new SqlBreakdownRepository(db, dialect),
    filteredDashboard: new SqlFilteredDashboardRepository(db),
  };
}

/**
 * Everything in the SQL database: on SQLite the events are written by a thread of their own (which
 * also derives them and credits conversions) and the raw-event reports run on a reader thread; on
 * PostgreSQL both use the pool.
 */
export function sqlBackend({ database, sqliteFile, hooks }: BackendSetup): Backend {
  const { db, dialect } = database;
  const writerThread = sqliteFile
    ? new SqliteThreadEventStore(db, sqliteFile, {
        deferAt: DEFER_DERIVATION_AT,
        startWriter: startEventWriter,
        onDerived: (derived) => hooks.onConversionsStored(derived.conversions),
        onDeriveError: hooks.onDeriveError,
        onWriterExit: hooks.onWriterExit,
      })
    : null;
  const reportReader = sqliteFile ? new ReportReaderThread(sqliteFile, startReportReader) : null;
  const events = writerThread ?? new SqlEventStore(db, dialect);
  return {
    repositories: {
      ...metadataRepositories(database),
      breakdowns: new SqlBreakdownRepository(db, dialect),
      consentLinks: new SqlConsentLinkRepository(db, dialect),
      dashboard: new SqlDashboardRepository(db),
      filteredDashboard: new SqlFilteredDashboardRepository(db),
      databaseDebug: new SqlDatabaseDebugRepository(db),
      funnelEvents: new SqlFunnelEventRepository(db),
      logs: new SqlLogRepository(db),
      reports: new SqlReportRepository(db),
      retention: new SqlRetentionRepository(db),
      touchpoints: new SqlTouchpointRepository(db),
      visitorData: new SqlVisitorDataRepository(db, dialect),
    },
    events,
    writerThread,
    reports: reportReader?.readers ?? sqlReportReaders(database),
    commits: writerThread ? undefined : POOLED_COMMITS,
    rollupRebuild: new SqlRollupRebuildRepository(db, dialect),
    // The events are SQL rows: the address job's SQL pass cuts theirs with the others.
    eventAddresses: { cutBefore: async () => 0 },
    upkeep: [],
    health: async () => null,
    async close() {
      await events.close();
      await reportReader?.close();
    },
  };
}
