/**
 * Calls `f` after pushState and popstate (replaceState rewrites the current entry: no new page), a tick later: single-page apps set the new title after
 * changing the URL.
 */
export const onNavigate = (f: () => void): void => {
  const later = () => setTimeout(f);
  const original = history.pushState;
  history.pushState = (...a) => {
    original.apply(history, a);
    later();
  };
  addEventListener('popstate', later);
};
