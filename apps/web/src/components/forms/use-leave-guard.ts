import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onHistoryStep } from './history-steps';
import { askToLeave, type LeaveQuestion, setUnsavedEdits } from './unsaved-edits';

/** The link a click would follow inside the app, or null (another window, a download, another site, a hash). */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
    return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** React Router's place in the session history, which it keeps in each entry's state. */
const historyIndex = (): number | null => {
  const idx: unknown = window.history.state?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * While `active`, leaving the page asks first: closing or reloading the tab through the browser's
 * own question; following a link of the app, the browser's Back and Forward, and switching the
 * website (unsaved-edits.ts) through `question`. The app uses the declarative router, which has no
 * navigation blocker, so links are caught before React Router sees the click, and a Back or Forward
 * before React Router hears of it (history-steps.ts): the page goes back to where it was, and only
 * "Leave without saving" takes the step again.
 */
export function useLeaveGuard(active: boolean, question: LeaveQuestion) {
  const navigate = useNavigate();
  // Read on every render: a new location (useLocation) renders again with its entry's place.
  useLocation();
  const here = historyIndex();
  const { title, text } = question;
  useEffect(() => {
    if (!active) return;
    let asking = false;
    let undoing = false;
    let leaving = false;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      askToLeave({ title, text }, () => navigate(to));
    };
    const popState = (event: PopStateEvent) => {
      const there = historyIndex();
      if (leaving || here === null || there === null) return;
      // Heard ahead of React Router (history-steps.ts): it never learns of the step.
      event.stopImmediatePropagation();
      if (undoing) {
        undoing = false;
        return;
      }
      undoing = true;
      window.history.go(here - there);
      if (asking) return;
      asking = true;
      askToLeave(
        { title, text },
        () => {
          leaving = true;
          window.history.go(there - here);
        },
        () => {
          asking = false;
        },
      );
    };
    setUnsavedEdits({ title, text });
    window.addEventListener('beforeunload', beforeUnload);
    onHistoryStep(popState);
    // Capture on the document runs before React's own listeners on its root.
    document.addEventListener('click', click, true);
    return () => {
      setUnsavedEdits(null);
      window.removeEventListener('beforeunload', beforeUnload);
      onHistoryStep(null);
      document.removeEventListener('click', click, true);
    };
  }, [active, navigate, title, text, here]);
}
