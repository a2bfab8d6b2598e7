import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"([^>]*)>/g;

/**
 * Turns the built index.html's stylesheet links into preloads. A stylesheet in the head holds back
 * every paint until it arrives, and on a phone's connection it arrives beside the scripts: the
 * "Loading..." placeholder painted at 2.2 s on every route (bench:web mobile first contentful paint).
 * A preload fetches it as early, at the same priority, without holding back the placeholder;
 * main.tsx's `applyPreloadedStyles` turns the preloads into stylesheets and renders the app once they
 * have loaded, so it never shows unstyled.
 */
export function preloadStylesheets(html: string): string {
  return html.replace(STYLESHEET_LINK, '<link rel="preload" as="style"$1>');
}

/** Vite plugin: runs `preloadStylesheets` on the built index.html, after Vite added its tags. */
export function stylesheetPreloadPlugin(): Plugin {
  return {
    name: 'ocx-stylesheet-preload',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: preloadStylesheets },
  };
}
