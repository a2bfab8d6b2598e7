import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A link to a section of a screen (`#section-…`) lands on it once the screen has rendered it. */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
