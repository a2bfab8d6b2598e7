import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render-screen';
import { SnippetCode, snippetParts } from './snippet-code';

const SNIPPET = [
  '<script async src="https://track.shop.test/t.js" data-site="w-1"></script>',
  '<noscript><img src="https://track.shop.test/api/collect?site=w-1" alt="" style="position:absolute; left:0"></noscript>',
].join('\n');

describe('snippet code', () => {
  it('splits a line only at the spaces between attributes, never inside a quoted value', () => {
    expect(snippetParts('<img src="a b" alt="" width="1">')).toEqual([
      '<img',
      'src="a b"',
      'alt=""',
      'width="1">',
    ]);
  });

  it('shows the snippet as it is pasted, each attribute unbreakable', () => {
    const { container } = renderScreen(<SnippetCode code={SNIPPET} testId="snippet" />);
    const code = container.querySelector('[data-testid="snippet"]') as HTMLElement;
    expect(code.textContent).toBe(SNIPPET);
    const parts = Array.from(code.querySelectorAll('span')).map((s) => s.textContent);
    expect(parts).toContain('data-site="w-1"></script>');
    expect(parts).toContain('style="position:absolute; left:0"></noscript>');
  });
});
