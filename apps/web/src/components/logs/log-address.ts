import {
  type DateRange,
  DEFAULT_PAGE_SIZE,
  defaultRange,
  type FilterKey,
  PAGE_SIZES,
} from '../../api/log-query';
import type { LogState } from './log-state';

/** What a log lists, as it lives in the address: reload and Back show the same rows. */
export type LogView = Pick<LogState, 'range' | 'filters' | 'page' | 'pageSize'>;

const FILTER_KEYS: readonly FilterKey[] = ['campaign', 'source', 'medium', 'goal'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The view an address asks for (`?from=2026-11-01&to=2026-11-28&source=google&page=2&size=25`):
 * what it leaves out, or spells wrongly, is the default (the last 30 days, page 1 of 10 rows).
 */
export function logViewFromParams(params: URLSearchParams, now: Date, timeZone?: string): LogView {
  const fallback = defaultRange(now, timeZone);
  const date = (key: string, otherwise: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : otherwise;
  };
  const range: DateRange = { start: date('from', fallback.start), end: date('to', fallback.end) };
  const filters = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  );
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 1) - 1);
  return { range, filters, page, pageSize };
}

/**
 * `params` with the log's keys set to `view`; a default is left out so the plain address stays
 * plain. Other keys (a website, a tab) are kept.
 */
export function paramsWithLogView(
  params: URLSearchParams,
  view: LogView,
  now: Date,
  timeZone?: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['from', 'to', 'page', 'size', ...FILTER_KEYS]) next.delete(key);
  const fallback = defaultRange(now, timeZone);
  if (view.range.start !== fallback.start || view.range.end !== fallback.end) {
    next.set('from', view.range.start);
    next.set('to', view.range.end);
  }
  for (const key of FILTER_KEYS) {
    const value = view.filters[key];
    if (value) next.set(key, value);
  }
  if (view.page > 0) next.set('page', String(view.page + 1));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) next.set('size', String(view.pageSize));
  return next;
}
