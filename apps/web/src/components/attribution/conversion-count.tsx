import { Tooltip } from '@mantine/core';
import { useState } from 'react';
import { FRACTIONAL_CREDIT_HINT, formatConversions, isWholeCount } from './attribution-comparison';

const hint = { textDecoration: 'underline dotted', cursor: 'help' } as const;

/**
 * A conversion count: a whole number as such; fractional credit with two decimals, underlined
 * with a tooltip that says why it has decimals (also read by screen readers, from its title).
 * The tooltip is made on the first hover: a comparison table has hundreds of fractional
 * counts, and each Mantine tooltip sets up its positioning hooks at every render.
 */
export function ConversionCount({ value }: { value: number }) {
  const [wanted, setWanted] = useState(false);
  const text = formatConversions(value);
  if (isWholeCount(value)) return <>{text}</>;
  const want = () => setWanted(true);
  const count = (
    <span
      data-fractional-credit
      title={FRACTIONAL_CREDIT_HINT}
      style={hint}
      onPointerEnter={wanted ? undefined : want}
    >
      {text}
    </span>
  );
  if (!wanted) return count;
  return (
    <Tooltip label={FRACTIONAL_CREDIT_HINT} withArrow multiline maw={260} defaultOpened>
      {count}
    </Tooltip>
  );
}
