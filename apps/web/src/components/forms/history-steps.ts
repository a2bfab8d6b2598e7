/**
 * The browser's Back and Forward, heard before React Router hears them. A window runs its popstate
 * listeners in the order they were added (Chromium does so even for capturing ones), and React
 * renders the new location inside React Router's listener, so a page's own listener would run only
 * after the page is gone. main.tsx adds this one listener before the first render; a page with a
 * draft to keep sets the step handler (use-leave-guard.ts).
 */
type StepHandler = (event: PopStateEvent) => void;

let handler: StepHandler | null = null;
let listening = false;

export function listenAheadOfRouter(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', (event) => handler?.(event));
}

/** The handler of the next Back or Forward; null when no page needs to hear them. */
export function onHistoryStep(next: StepHandler | null): void {
  handler = next;
}
