/**
 * Every key the web app keeps in this browser (docs/decisions.md#the-server-is-the-source-of-truth: UI preferences only), with the value
 * its hook starts from. The debug screen reads and clears exactly these, and the tracker's below.
 */
export const uiStorageKeys = {
  colorScheme: 'ocx.colorScheme',
  sidebarCollapsed: 'ocx.sidebarCollapsed',
  /** The sidebar's Developer tools group, shut until opened. */
  developerToolsOpen: 'ocx.developerToolsOpen',
  selectedWebsiteId: 'ocx.selectedWebsiteId',
  /**
   * This browser was signed in last time it looked: the boot asks for the websites beside the session
   * only then, so a signed-out visit never asks for what answers 401 (api/boot-prefetch.ts).
   */
  signedInHere: 'ocx.signedInHere',
} as const;

/** The defaults of the useLocalStorage hooks, announced when the keys are cleared. */
export const uiStorageDefaults: Partial<Record<keyof typeof uiStorageKeys, unknown>> = {
  sidebarCollapsed: false,
  developerToolsOpen: false,
  selectedWebsiteId: null,
};

/**
 * What the tracker (apps/tracker) keeps when the app's own pages are tracked: the offline queue in
 * localStorage, 'viewed once' marks in sessionStorage, visitor and session ids in cookies.
 */
export const trackerStorage = {
  queue: '_ocx_q',
  viewedPagePrefix: '_ocx_r',
  visitorCookie: '_ocx_v',
  sessionCookie: '_ocx_s',
} as const;
