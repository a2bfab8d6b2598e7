import type { Website } from '@ocx/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { uiStorageKeys } from '../components/local-data/storage-keys';
import { authApi } from './auth.api';
import { dashboardApi } from './dashboard.api';
import { filtersInParams } from './dashboard-filter-params';
import { queryKeys } from './queries/query-keys';
import { websitesApi } from './websites.api';

/** The range the dashboard opens with (dashboard-format's DEFAULT_DASHBOARD_RANGE). */
const OPENING_RANGE = '7d';
const SIGNED_OUT_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password', '/share/'];

/**
 * At boot, before the first render: the session, the websites and (on the dashboard) the chosen
 * website's dashboard are asked for at once, beside the scripts, instead of one after the other as
 * the screens mount (session → layout → websites → dashboard). The screens find them in the cache.
 * Only after a sign-in in this browser (a website was chosen before): a stranger's first visit
 * asks for the session alone.
 */
export function prefetchForBoot(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  const meta = { bootPrefetch: true };
  void client.prefetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, meta });
  if (SIGNED_OUT_PATHS.some((p) => location.pathname.startsWith(p))) return;
  const websites = client.fetchQuery({ queryKey: queryKeys.websites, queryFn: websitesApi.list, meta });
  if (location.pathname !== '/' && location.pathname !== '/dashboard') {
    websites.catch(() => {});
    return;
  }
  const filters = filtersInParams(new URLSearchParams(location.search));
  websites
    .then((list: Website[]) => {
      const storedId = storedWebsiteId();
      const website = list.find((w) => w.id === storedId) ?? list[0];
      if (!website) return;
      return client.prefetchQuery({
        queryKey: queryKeys.dashboard(website.id, OPENING_RANGE, filters),
        queryFn: () => dashboardApi.get(website.id, OPENING_RANGE, filters),
        meta,
      });
    })
    .catch(() => {});
}

/** The website chosen in this browser (selected-website.tsx keeps it), or null. */
function storedWebsiteId(): string | null {
  const raw = localStorage.getItem(uiStorageKeys.selectedWebsiteId);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
