import { useEffect } from 'react';

/** 'Screen — Website — OCX', or 'Screen — OCX' without a website: the tab says where it is. */
export function documentTitle(screen: string, website?: string | null): string {
  return [screen, website, 'OCX'].filter(Boolean).join(' — ');
}

/** Names the browser tab after the screen (and the website whose data it shows). */
export function useDocumentTitle(screen: string, website?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(screen, website);
  }, [screen, website]);
}
