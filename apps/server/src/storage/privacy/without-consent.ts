import { HASH_VISITOR_PREFIX } from '@ocx/core';
import { type RawBuilder, sql } from 'kysely';

/** A row of a hash visitor: a visit without consent (core's isHashVisitor, in SQL). */
const byHashVisitor = (column = 'visitor_id'): RawBuilder<boolean> =>
  sql<boolean>`substr(${sql.ref(column)}, 1, ${sql.lit(HASH_VISITOR_PREFIX.length)}) = ${sql.lit(HASH_VISITOR_PREFIX)}`;

/** How many of the grouped rows are a hash visitor's. */
export const withoutConsentCount: RawBuilder<number> = sql<number>`sum(case when ${byHashVisitor()} then 1 else 0 end)`;
