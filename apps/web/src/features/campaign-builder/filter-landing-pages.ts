import type { LandingPage } from '@ocx/contracts';

/** Spec §2: the search filters by name or url, case-insensitive. */
export function filterLandingPages(pages: LandingPage[], query: string): LandingPage[] {
  const q = query.trim().toLowerCase();
  if (!q) return pages;
  return pages.filter((p) => p.name.toLowerCase().includes(q) || p.url.toLowerCase().includes(q));
}
