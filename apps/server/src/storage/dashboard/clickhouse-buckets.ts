import type { OffsetSegment } from '@ocx/core';

const int = (n: number): string => {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`);
  return String(n);
};

/** local-buckets.ts in ClickHouse SQL: the zone's offset at each row's `ts`, from core's segments. */
function offsetOf(segments: readonly OffsetSegment[]): string {
  const [first, ...rest] = segments;
  if (!first) throw new Error('No offset segments');
  if (rest.length === 0) return int(first.offset);
  const arms = rest.map((s, i) => `ts < ${int(s.start)}, ${int((segments[i] as OffsetSegment).offset)}`);
  return `multiIf(${arms.join(', ')}, ${int((rest.at(-1) as OffsetSegment).offset)})`;
}

/** Which of the segments holds each row's `ts` (0 for the first). */
export function segmentOf(segments: readonly OffsetSegment[]): string {
  if (segments.length <= 1) return '0';
  const arms = segments.slice(1).map((s, i) => `ts < ${int(s.start)}, ${i}`);
  return `multiIf(${arms.join(', ')}, ${segments.length - 1})`;
}

/** Local time floored to `size`, as epoch ms of that wall time read as UTC (as local-buckets.ts). */
export const wallBucket = (segments: readonly OffsetSegment[], size: number): string =>
  `intDiv(ts + ${offsetOf(segments)}, ${int(size)}) * ${int(size)}`;
