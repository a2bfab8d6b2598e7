/**
 * Turns index.html's style preloads (build/stylesheet-preload.plugin.ts) into stylesheets, appended
 * to the head where the build had them, and resolves when they have loaded: the app renders styled
 * from its first paint, while the "Loading..." placeholder painted without waiting for them. A
 * stylesheet that fails to load does not hold the app back. In development there are no preloads
 * (Vite injects the styles from the scripts) and it resolves at once.
 */
export function applyPreloadedStyles(doc: Document = document): Promise<void> {
  const preloads = doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  const loads = [...preloads].map(
    (preload) =>
      new Promise<void>((resolve) => {
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.crossOrigin = preload.crossOrigin;
        link.onload = () => resolve();
        link.onerror = () => resolve();
        link.href = preload.href;
        doc.head.append(link);
      }),
  );
  return Promise.all(loads).then(() => undefined);
}
