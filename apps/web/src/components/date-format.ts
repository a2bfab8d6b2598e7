/**
 * Every date and time the screens show goes through here: one format per locale (the browser's),
 * the medium date style everywhere — with the time where a moment is meant, with seconds where
 * events seconds apart must be told apart, alone for a plain day.
 */
type Moment = string | number | Date | null | undefined;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, options: Intl.DateTimeFormatOptions, locale?: string) {
  const key = `${kind}|${locale ?? ''}|${options.timeZone ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function time(value: Moment): number | null {
  if (value === null || value === undefined || value === '') return null;
  const t = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/**
 * A moment: date and hour:minute; '—' when there is none (or it does not parse). In `timeZone`
 * when given (a website's reports), else the browser's.
 */
export function formatDateTime(value: Moment, locale?: string, timeZone?: string): string {
  const t = time(value);
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  };
  return t === null ? '—' : formatter('dt', options, locale).format(t);
}

/** A moment to the second (event lists, where several fall in one minute). */
export function formatDateTimeSeconds(value: Moment, locale?: string): string {
  const t = time(value);
  return t === null ? '—' : formatter('dts', { dateStyle: 'medium', timeStyle: 'medium' }, locale).format(t);
}

/** The time of day only, to the second (a "read at" beside a live figure). */
export function formatTimeOfDay(value: Moment, locale?: string): string {
  const t = time(value);
  return t === null ? '—' : formatter('t', { timeStyle: 'medium' }, locale).format(t);
}

/** A plain day (YYYY-MM-DD, already in the website's time zone): the date alone, never shifted. */
export function formatDay(day: string, locale?: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) return day;
  return formatter('d', { dateStyle: 'medium', timeZone: 'UTC' }, locale).format(t);
}
