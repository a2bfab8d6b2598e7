import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, SQLITE_CACHE_MB } from '../db/database';
import { openClickHouseFor, reportReadersFor } from '../storage/backends';
import {
  REPORT_METHODS,
  type ReportReaderData,
  type ReportReaders,
  type ReportRequest,
} from '../storage/events/report-reader-messages';
import { serveRequests } from '../worker-thread';

/**
 * The SQLite report reader: breakdowns and the filtered dashboard read the raw events here, on a
 * connection of their own (WAL readers never wait for the writer), while the HTTP thread serves
 * collect. See storage/sql/report-reader.ts. With CLICKHOUSE_URL the events are counted in ClickHouse
 * and the rollups, conversions and clicks read from the file here.
 */
const data = workerData as ReportReaderData;
if (!parentPort) throw new Error('report-reader.worker must run in a worker thread');
const database = openDatabase(
  { dialect: 'sqlite', file: data.file },
  { sqliteCacheMb: SQLITE_CACHE_MB.reader },
);
const clickhouse = openClickHouseFor({ clickhouse: data.clickhouse ?? null });
const readers: ReportReaders = reportReadersFor(database, clickhouse?.client ?? null);

serveRequests<ReportRequest, unknown>(parentPort, ({ report, method, args }) => {
  const methods: readonly string[] = REPORT_METHODS[report] ?? [];
  if (!methods.includes(method)) throw new Error(`no report ${report}.${method}`);
  const reader = readers[report] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  return reader[method]?.(...args);
});
