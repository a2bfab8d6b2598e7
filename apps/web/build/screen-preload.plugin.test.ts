import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { screenPreloadHtml } from './screen-preload.plugin';

const INDEX = [
  '<html>',
  '  <head>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/web-1.js">',
  '  </head>',
  '</html>',
].join('\n');

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rolldown.OutputChunk;

const bundle = {
  'index.html': { type: 'asset', fileName: 'index.html', source: INDEX },
  'assets/index-1.js': chunk('assets/index-1.js', '/app/src/main.tsx', ['assets/web-1.js']),
  'assets/web-1.js': chunk('assets/web-1.js', null, []),
  'assets/dashboard.page-1.js': chunk(
    'assets/dashboard.page-1.js',
    '/app/src/features/dashboard/dashboard.page.tsx',
    ['assets/web-1.js', 'assets/panels-1.js'],
  ),
  'assets/panels-1.js': chunk('assets/panels-1.js', null, ['assets/web-1.js'], ['assets/panels-1.css']),
} as unknown as Rolldown.OutputBundle;

describe("the boot screens' pages", () => {
  const dashboard = {
    path: '/dashboard',
    module: 'src/features/dashboard/dashboard.page.tsx',
    data: ['/api/websites'],
  };

  it("preloads a screen's chunks and styles not already in index.html, the session and its data", () => {
    const page = screenPreloadHtml(bundle, [dashboard]).get('screens/dashboard.html');
    expect(page).toBe(
      INDEX.replace(
        '  </head>',
        [
          '    <link rel="modulepreload" crossorigin href="/assets/dashboard.page-1.js">',
          '    <link rel="modulepreload" crossorigin href="/assets/panels-1.js">',
          '    <link rel="preload" as="style" crossorigin href="/assets/panels-1.css">',
          '    <link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">',
          '    <link rel="preload" as="fetch" crossorigin href="/api/websites">',
          '  </head>',
        ].join('\n'),
      ),
    );
  });

  it('has index.html preload the session only', () => {
    expect(screenPreloadHtml(bundle, [dashboard]).get('index.html')).toBe(
      INDEX.replace(
        '  </head>',
        '    <link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">\n  </head>',
      ),
    );
  });

  it('fails the build for a screen whose module is not a chunk', () => {
    expect(() => screenPreloadHtml(bundle, [{ ...dashboard, module: 'src/features/gone.page.tsx' }])).toThrow(
      'screen preloads: no chunk for src/features/gone.page.tsx (/dashboard)',
    );
  });
});
