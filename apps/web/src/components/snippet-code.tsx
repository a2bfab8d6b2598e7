import { Code } from '@mantine/core';
import { Fragment } from 'react';

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
 * the box scrolls sideways, and the box takes the keyboard focus to scroll.
 */
export function SnippetCode({ code, testId }: { code: string; testId: string }) {
  return (
    <Code block data-testid={testId} tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowX: 'auto' }}>
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
  );
}
