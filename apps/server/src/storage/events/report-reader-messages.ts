import type { BreakdownRepository } from '../breakdowns/breakdown.repository';
import type { FilteredDashboardRepository } from '../dashboard/dashboard-filtered.repository';

/**
 * The reports that scan a website's raw events (breakdowns, the filtered dashboard): on SQLite they
 * run on a reader thread of their own (workers/report-reader.worker.ts), so a scan of seconds never
 * holds up collect on the HTTP thread. Each is its repository's public methods.
 */
export interface ReportReaders {
  breakdowns: Pick<
    BreakdownRepository,
    | 'rows'
    | 'visitors'
    | 'rolledRows'
    | 'visitorValueRows'
    | 'sessionRows'
    | 'rolledVisitors'
    | 'campaignNames'
  >;
  filteredDashboard: FilteredDashboardRepository;
}

export type ReportName = keyof ReportReaders;

/** The methods the thread answers, per report (nothing else is called by name). */
export const REPORT_METHODS: { [R in ReportName]: readonly (keyof ReportReaders[R])[] } = {
  breakdowns: [
    'rows',
    'visitors',
    'rolledRows',
    'visitorValueRows',
    'sessionRows',
    'rolledVisitors',
    'campaignNames',
  ],
  filteredDashboard: ['parts', 'totalsBetween'],
};

export interface ReportRequest {
  report: ReportName;
  method: string;
  args: unknown[];
}

export interface ReportReaderData {
  file: string;
  /** CLICKHOUSE_URL's connection: the raw events are counted there, the rest read from the file. */
  clickhouse?: { url: string; database?: string } | null;
}
