import type { Worker } from 'node:worker_threads';
import { WorkerChannel } from '../../worker-thread';
import {
  REPORT_METHODS,
  type ReportName,
  type ReportReaderData,
  type ReportReaders,
  type ReportRequest,
} from './report-reader-messages';

/**
 * The raw-event reports of a SQLite file, answered by a reader thread: better-sqlite3 runs a query
 * on the calling thread, and a breakdown over a large website takes seconds, which on the HTTP
 * thread held up every collect request meanwhile. The thread starts at the first report and starts
 * again after it ended (a failed report fails alone). PostgreSQL needs none: its queries wait off
 * the event loop.
 */
export class ReportReaderThread {
  private channel: WorkerChannel<ReportRequest, unknown> | null = null;
  readonly readers: ReportReaders;

  constructor(
    private readonly file: string,
    private readonly start: (data: ReportReaderData) => Worker,
    private readonly clickhouse: ReportReaderData['clickhouse'] = null,
  ) {
    this.readers = {
      breakdowns: this.remote('breakdowns'),
      filteredDashboard: this.remote('filteredDashboard'),
    };
  }

  async close(): Promise<void> {
    const channel = this.channel;
    this.channel = null;
    if (channel && !channel.ended) await channel.close();
  }

  private remote<R extends ReportName>(report: R): ReportReaders[R] {
    const methods = REPORT_METHODS[report] as readonly string[];
    return Object.fromEntries(
      methods.map((method) => [method, (...args: unknown[]) => this.request({ report, method, args })]),
    ) as unknown as ReportReaders[R];
  }

  private request(request: ReportRequest): Promise<unknown> {
    if (!this.channel || this.channel.ended)
      this.channel = new WorkerChannel(
        this.start({ file: this.file, clickhouse: this.clickhouse }),
        'report reader',
      );
    return this.channel.request(request);
  }
}
