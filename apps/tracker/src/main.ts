import { start } from './tracker';

/** Replaced by the server with its configured collect path when it serves the script (exactly once). */
const COLLECT_PATH = '__OCX_COLLECT_PATH__';

// The script tag is document.currentScript (set for classic scripts, async or injected by a tag manager).
// Collect URL = the script's origin + the collect path.
try {
  const el = document.currentScript as HTMLScriptElement;
  const site = el.dataset.site;
  if (site) start(site, new URL(COLLECT_PATH, el.src).href);
} catch {
  // Never break the host page.
}
