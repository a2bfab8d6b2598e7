import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { openConfirm } from '../dialog-close';

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

/**
 * While `active`, leaving the page asks first: closing or reloading the tab through the browser's
 * own question, following a link of the app through `question`. The app uses the declarative router,
 * which has no navigation blocker, so links are caught before React Router sees the click.
 */
export function useLeaveGuard(active: boolean, question: { title: string; text: string }) {
  const navigate = useNavigate();
  const { title, text } = question;
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      openConfirm({
        title,
        children: text,
        labels: { confirm: 'Leave without saving', cancel: 'Stay on this page' },
        confirmProps: { color: 'red' },
        onConfirm: () => navigate(to),
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    // Capture on the document runs before React's own listeners on its root.
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active, navigate, title, text]);
}
