const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A report's day as YYYY-MM-DD: ISO (2026-11-20, also with a time after it), US numeric
 * (11/20/2026, Microsoft Ads' Gregorian date) or written out (Nov 20, 2026 and 20 Nov 2026).
 * Null when it is none of these or not a real date.
 */
export function parseReportDay(text: string): string | null {
  const v = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) return isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(v);
  if (m) {
    const month = MONTHS.indexOf((m[1] ?? '').toLowerCase());
    return month < 0 ? null : isoDate(Number(m[3]), month + 1, Number(m[2]));
  }
  m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{4})$/.exec(v);
  if (m) {
    const month = MONTHS.indexOf((m[2] ?? '').toLowerCase());
    return month < 0 ? null : isoDate(Number(m[3]), month + 1, Number(m[1]));
  }
  return null;
}

/**
 * A report's cost in major units: thousands separators, currency symbols and codes around the
 * number are ignored ("1,234.56", "$12.00", "12.00 USD"); an empty cell or "--" (Google Ads'
 * "nothing") is 0. Null when what is left is not a non-negative decimal number.
 */
export function parseReportAmount(text: string): number | null {
  const v = text
    .trim()
    .replace(/^[A-Z]{3}\s*|\s*[A-Z]{3}$/g, '')
    .replace(/^[^\d.\-\p{L}\s]+/u, '')
    .replace(/,/g, '')
    .trim();
  if (v === '' || v === '--' || text.trim() === '--') return 0;
  if (!/^\d+(\.\d+)?$/.test(v)) return null;
  return Number(v);
}

/** An ISO 4217 code as reports write it (upper case, three letters); null otherwise. */
export function parseCurrency(text: string): string | null {
  const v = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(v) ? v : null;
}
