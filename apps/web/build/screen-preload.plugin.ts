import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A screen people open first: its address, its page module (from apps/web) and the API answers it opens with. */
export interface BootScreen {
  path: string;
  module: string;
  data: string[];
}

/** Asked for by every page at boot (main.tsx's prefetchForBoot), signed in or not. */
const SESSION = '/api/auth/get-session';

const preloadTags = (scripts: string[], styles: string[], data: string[]) =>
  [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    // crossorigin (anonymous): the mode and credentials of the app's fetch(), so the browser hands
    // the preloaded answer to it instead of asking again.
    ...data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
  ].join('\n    ');

const withTags = (html: string, tags: string) => html.replace('  </head>', `    ${tags}\n  </head>`);

/** The chunk `file` and every chunk it imports statically, in load order, and their stylesheets. */
function staticClosure(bundle: OutputBundle, file: string, seen = new Set<string>()) {
  const styles = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = bundle[name] as OutputChunk | undefined;
    if (chunk?.type !== 'chunk') return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(file);
  return { scripts: [...seen], styles: [...styles] };
}

/**
 * Writes `screens/<name>.html` for each boot screen: index.html plus preloads of the screen's own
 * chunks and stylesheets and of the API answers it opens with, which the server sends for that
 * address (static.plugin.ts). Without them a phone fetched the screen's code only after the main
 * script had run, and the session and websites after that: two more round trips before the first
 * figures (bench:web mobile /dashboard LCP 3.0 s → 2.7 s). index.html itself preloads the session.
 */
export function screenPreloadHtml(bundle: OutputBundle, screens: BootScreen[]): Map<string, string> {
  const index = bundle['index.html'];
  if (index?.type !== 'asset') throw new Error('screen preloads: the build has no index.html');
  const html = String(index.source);
  const already = new Set([...html.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1] ?? ''));
  const pages = new Map([['index.html', withTags(html, preloadTags([], [], [SESSION]))]]);
  const chunks = Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');
  for (const screen of screens) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(screen.module));
    if (!chunk) throw new Error(`screen preloads: no chunk for ${screen.module} (${screen.path})`);
    const { scripts, styles } = staticClosure(bundle, chunk.fileName);
    const tags = preloadTags(
      scripts.filter((file) => !already.has(file)),
      styles.filter((file) => !already.has(file)),
      [SESSION, ...screen.data],
    );
    pages.set(`screens${screen.path}.html`, withTags(html, tags));
  }
  return pages;
}

/** Vite plugin: emits the screens' pages and adds the session's preload to index.html. */
export function screenPreloadPlugin(screens: BootScreen[]): Plugin {
  return {
    name: 'ocx-screen-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const [fileName, source] of screenPreloadHtml(bundle, screens)) {
        if (fileName === 'index.html') {
          const index = bundle['index.html'];
          if (index?.type === 'asset') index.source = source;
        } else {
          this.emitFile({ type: 'asset', fileName, source });
        }
      }
    },
  };
}
