import { describe, expect, it } from 'vitest';
import { preloadStylesheets } from './stylesheet-preload.plugin';

describe('preloading the built stylesheets', () => {
  it('turns each stylesheet link into a style preload with the same address and CORS mode', () => {
    const html = [
      '<head>',
      '<script type="module" crossorigin src="/assets/index-A.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/web-C.js">',
      '<link rel="stylesheet" crossorigin href="/assets/web-B.css">',
      '</head>',
    ].join('\n');
    expect(preloadStylesheets(html)).toBe(
      html.replace(
        '<link rel="stylesheet" crossorigin href="/assets/web-B.css">',
        '<link rel="preload" as="style" crossorigin href="/assets/web-B.css">',
      ),
    );
  });
});
