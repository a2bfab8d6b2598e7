import { numberFormat } from './intl-cache';

/** A count as people read it, with the locale's thousands separators (12,345). */
export const formatCount = (n: number, locale?: string): string => numberFormat(locale).format(n);
