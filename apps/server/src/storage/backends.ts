import type { AppConfig } from '../config/app-config';
import type { Backend, BackendSetup } from './backend';
import { type ClickHouseSetup, clickhouseBackend, clickhouseReportReaders } from './backend.clickhouse';
import { sqlBackend, sqlReportReaders } from './backend.sql';
import { openClickHouse } from './clickhouse/clickhouse-client';
import type { ReportReaders } from './events/report-reader-messages';

/**
 * The one place that chooses a storage backend: everything in the SQL database, or the raw events
 * in ClickHouse (CLICKHOUSE_URL) beside it. The app (through openBackend) and the SQLite report
 * reader thread (through reportReadersFor) both ask here.
 */

/** ClickHouse's connection when CLICKHOUSE_URL is set, opened before the migrations run. */
export function openClickHouseFor(config: Pick<AppConfig, 'clickhouse'>): ClickHouseSetup | null {
  const settings = config.clickhouse;
  if (!settings) return null;
  return {
    client: openClickHouse(settings.url, settings),
    url: settings.url,
    ...(settings.database ? { database: settings.database } : {}),
  };
}

/** The backend for this deployment. */
export function openBackend(setup: BackendSetup, clickhouse: ClickHouseSetup | null): Backend {
  return clickhouse ? clickhouseBackend(setup, clickhouse) : sqlBackend(setup);
}

/** The raw-event reports of the SQLite report reader thread, counted where the events are. */
export function reportReadersFor(
  database: BackendSetup['database'],
  clickhouse: ClickHouseSetup['client'] | null,
): ReportReaders {
  return clickhouse ? clickhouseReportReaders(database, clickhouse) : sqlReportReaders(database);
}
