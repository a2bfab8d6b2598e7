import type { OffsetSegment } from '@ocx/core';
import { type RawBuilder, sql } from 'kysely';

const int = (n: number): RawBuilder<number> => {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`);
  return sql<number>`cast(${n} as bigint)`;
};

/**
 * The zone's offset at each row's `ts`, from the segments core computed for the range (docs/definitions.md#time-zone
 * Time zone): one constant, or a CASE over the DST changes inside the range. No offset is worked out
 * in SQL, so SQLite and PostgreSQL bucket alike.
 */
function offsetOf(segments: readonly OffsetSegment[], column = 'ts'): RawBuilder<number> {
  const [first, ...rest] = segments;
  if (!first) throw new Error('No offset segments');
  if (rest.length === 0) return int(first.offset);
  const ts = sql.ref(column);
  const arms = rest.map(
    (s, i) => sql`when ${ts} < ${int(s.start)} then ${int((segments[i] as OffsetSegment).offset)}`,
  );
  return sql<number>`(case ${sql.join(arms, sql` `)} else ${int((rest.at(-1) as OffsetSegment).offset)} end)`;
}

/** Which of the segments holds each row's `ts` (0 for the first). */
export function segmentOf(segments: readonly OffsetSegment[], column = 'ts'): RawBuilder<number> {
  if (segments.length <= 1) return sql<number>`cast(0 as integer)`;
  const ts = sql.ref(column);
  const arms = segments.slice(1).map((s, i) => sql`when ${ts} < ${int(s.start)} then ${sql.lit(i)}`);
  return sql<number>`(case ${sql.join(arms, sql` `)} else ${sql.lit(segments.length - 1)} end)`;
}

/**
 * The wall-clock bucket of each row: local time floored to `size` (a day or an hour), as epoch ms
 * of that wall time read as UTC. Core turns it into the instant the bucket starts.
 */
export const wallBucket = (
  segments: readonly OffsetSegment[],
  size: number,
  column = 'ts',
): RawBuilder<number> =>
  sql<number>`((${sql.ref(column)} + ${offsetOf(segments, column)}) / ${int(size)}) * ${int(size)}`;
