import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';

/**
 * What a reader of events, clicks, conversions, credits or rollups is asked about: a website (or
 * several: the logs over all of a user's websites) and the half-open time range [from, to) in
 * epoch ms. An absent bound leaves that side open.
 */
export interface Scope {
  websiteId: string | readonly string[];
  from?: number | undefined;
  to?: number | undefined;
}

/** Where the scope's columns are: the table's alias, and its time column when that is not `ts`. */
interface ScopeColumns {
  alias?: string;
  time?: 'ts' | 'day' | 'last_seen';
}

/**
 * The half-open end that keeps an inclusive end's rows (`ts <= end`): timestamps are whole
 * milliseconds, so `ts <= end` holds exactly when `ts < floor(end) + 1`.
 */
export const through = (end: number): number => Math.floor(end) + 1;

/** `in ()` is not SQL; no website has the empty id, so [''] matches nothing. */
const orNothing = (ids: readonly string[]) => (ids.length > 0 ? ids : ['']);

/** The website and time-range filter, for `.where(inScope(q))` (`inScope(q, { alias: 'k' })` on `click as k`). */
export const inScope =
  (q: Scope, at: ScopeColumns = {}) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const column = (name: string) => sql.ref(at.alias ? `${at.alias}.${name}` : name);
    const website = column('website_id');
    const time = column(at.time ?? 'ts');
    const terms = [
      typeof q.websiteId === 'string'
        ? eb(website, '=', q.websiteId)
        : eb(website, 'in', orNothing(q.websiteId)),
    ];
    if (q.from !== undefined) terms.push(eb(time, '>=', q.from));
    if (q.to !== undefined) terms.push(eb(time, '<', q.to));
    return eb.and(terms);
  };

/**
 * inScope for SQL text (the prepared statements of the hot paths): `website_id = ? and ts >= ? and
 * ts < ?` with the caller's placeholders (`?`, `$n` or `@name`).
 */
export const inScopeSql = (params: { websiteId: string; from: string; to: string }): string =>
  `website_id = ${params.websiteId} and ts >= ${params.from} and ts < ${params.to}`;

/** A campaign filter of the logs: a campaign id, or 'none' for rows without a campaign. */
export const campaignIs =
  (campaign: string, alias: string) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const column = sql.ref(`${alias}.campaign_id`);
    return campaign === 'none' ? eb(column, 'is', null) : eb(column, '=', campaign);
  };
