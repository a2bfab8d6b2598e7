import { Code } from '@mantine/core';

/**
 * A tag to paste, as it will be pasted: lines break only at spaces (between attributes), never inside
 * a tag name, an attribute or an address; a part wider than the box scrolls sideways (and takes
 * the keyboard focus to scroll).
 */
export function SnippetCode({ code, testId }: { code: string; testId: string }) {
  return (
    <Code
      block
      data-testid={testId}
      tabIndex={0}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'normal', overflowWrap: 'normal', overflowX: 'auto' }}
    >
      {code}
    </Code>
  );
}
