import { Code } from '@mantine/core';
import { Fragment } from 'react';
import { scrollEdgeAttributes, useScrollEdges } from './use-scroll-edges';

/** A line's parts between the spaces outside quoted values: a tag's name and each of its attributes. */
export function snippetParts(line: string): string[] {
  const parts: string[] = [];
  let part = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === ' ' && !quoted) {
      if (part) parts.push(part);
      part = '';
    } else {
      part += char;
    }
  }
  if (part) parts.push(part);
  return parts;
}

const whole = { whiteSpace: 'nowrap' } as const;

/**
 * A tag to paste, as it will be pasted: a line breaks only between attributes, never inside a tag
 * name, an attribute or an address (a browser breaks text after '-', '/' and '?'); a part wider than
 * the box scrolls sideways, with a fade on the side that has more (as wide tables have), and the box
 * takes the keyboard focus to scroll.
 */
export function SnippetCode({ code, testId }: { code: string; testId: string }) {
  const [ref, more] = useScrollEdges<HTMLPreElement>();
  return (
    <div className="ocx-scroll-hint ocx-snippet" {...scrollEdgeAttributes(more)}>
      <Code
        block
        ref={ref}
        data-testid={testId}
        data-scroll-box
        tabIndex={0}
        style={{ whiteSpace: 'pre-wrap', overflowX: 'auto' }}
      >
        {code.split('\n').map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the snippet's lines are fixed, in order.
          <Fragment key={i}>
            {i > 0 ? '\n' : null}
            {snippetParts(line).map((part, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line's parts are fixed, in order.
              <Fragment key={j}>
                {j > 0 ? ' ' : null}
                <span style={whole}>{part}</span>
              </Fragment>
            ))}
          </Fragment>
        ))}
      </Code>
    </div>
  );
}
