import { Tooltip } from '@mantine/core';
import { FRACTIONAL_CREDIT_HINT, formatConversions, isWholeCount } from './attribution-comparison';

/**
 * A conversion count: a whole number as such; fractional credit with two decimals, underlined
 * with a tooltip that says why it has decimals (also read by screen readers).
 */
export function ConversionCount({ value }: { value: number }) {
  const text = formatConversions(value);
  if (isWholeCount(value)) return <>{text}</>;
  return (
    <Tooltip label={FRACTIONAL_CREDIT_HINT} withArrow multiline maw={260}>
      <span
        data-fractional-credit
        title={FRACTIONAL_CREDIT_HINT}
        style={{ textDecoration: 'underline dotted', cursor: 'help' }}
      >
        {text}
      </span>
    </Tooltip>
  );
}
