import type { Click, ConversionLogRow, ConversionPath, LogFacets, LogQuery } from '@ocx/contracts';
import { ApiError, api } from './client';
import { filenameFromDisposition } from './download';
import { type LogKind, logQueryString } from './log-query';

/** One page of a log and how many rows match in all (the X-Total-Count header). */
export interface LogPage<T> {
  rows: T[];
  total: number;
}

export interface CsvFile {
  blob: Blob;
  filename: string;
}

/** The same error `api()` gives: the server's `{ error }`, or the status and body. */
async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let serverMessage: string | null = null;
  try {
    const data: unknown = JSON.parse(text);
    if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') {
      serverMessage = data.error;
    }
  } catch {
    // not JSON: the body is quoted as it came
  }
  return new ApiError(
    response.status,
    serverMessage ?? `API request failed with status ${response.status}: ${text}`,
    serverMessage,
  );
}

async function get(path: string, query: LogQuery): Promise<Response> {
  const response = await fetch(`${path}?${logQueryString(query)}`, { credentials: 'same-origin' });
  if (!response.ok) throw await failure(response);
  return response;
}

async function page<T>(path: string, query: LogQuery): Promise<LogPage<T>> {
  const response = await get(path, query);
  const rows = (await response.json()) as T[];
  const total = Number(response.headers.get('x-total-count'));
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

/** Streams a CSV export, reporting the bytes received so far. */
async function exportCsv(
  kind: LogKind,
  query: LogQuery,
  onProgress: (bytes: number) => void,
): Promise<CsvFile> {
  const response = await get(`/api/${kind}/export`, query);
  const fallback = `${kind}_export_${new Date().toISOString().slice(0, 10)}.csv`;
  const filename = filenameFromDisposition(response.headers.get('content-disposition'), fallback);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  }
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), filename };
}

const facetsQuery = (websiteId: string, range: Pick<LogQuery, 'startDate' | 'endDate'>) =>
  logQueryString({ websiteId, ...range });

/** Spec §7 Application API: the Clicks and Conversions Logs, their filter values, exports and paths. */
export const logsApi = {
  clicks: (query: LogQuery) => page<Click>('/api/clicks', query),
  conversions: (query: LogQuery) => page<ConversionLogRow>('/api/conversions', query),
  facets: (kind: LogKind, websiteId: string, range: Pick<LogQuery, 'startDate' | 'endDate'>) =>
    api<LogFacets>('GET', `/api/${kind}/facets?${facetsQuery(websiteId, range)}`),
  exportCsv,
  conversionPath: (websiteId: string, conversionId: string) =>
    api<ConversionPath>(
      'GET',
      `/api/conversions/${encodeURIComponent(conversionId)}/path?websiteId=${encodeURIComponent(websiteId)}`,
    ),
};
