import type { Website } from '@ocx/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { uiStorageKeys } from '../components/local-data/storage-keys';
import { authApi } from './auth.api';
import { dashboardApi } from './dashboard.api';
import { filtersInParams, rangeInParams } from './dashboard-filter-params';
import { funnelsApi } from './funnels.api';
import { queryKeys } from './queries/query-keys';
import { signedInHere } from './signed-in-hint';
import { websitesApi } from './websites.api';
import { workspaceApi } from './workspace.api';

const SIGNED_OUT_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password', '/share/'];

/**
 * At boot, before the first render: the session, the websites and the chosen website's data the
 * screen opens with (dashboard, campaigns, funnels) are asked for at once, beside the scripts,
 * instead of one after the other as the screens mount (session → layout → websites → data). The screens find them in the cache.
 * All at once only where this browser was signed in last time: elsewhere the websites wait for the
 * session to say so, and a signed-out visit asks for the session alone (no 401 in its console).
 */
export async function prefetchForBoot(
  client: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<void> {
  const meta = { bootPrefetch: true };
  const session = client.fetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, meta });
  if (SIGNED_OUT_PATHS.some((p) => location.pathname.startsWith(p))) return settled(session);
  const fetchWebsites = () =>
    client.fetchQuery({ queryKey: queryKeys.websites, queryFn: websitesApi.list, meta });
  const websites: Promise<Website[] | null> = signedInHere()
    ? fetchWebsites()
    : session.then((s) => (s ? fetchWebsites() : null));
  const screenData = firstScreenData(location);
  const data = websites.then((list) => {
    const storedId = storedWebsiteId();
    const website = list?.find((w) => w.id === storedId) ?? list?.[0];
    if (!website || !screenData) return;
    const { queryKey, queryFn } = screenData(website.id);
    return client.prefetchQuery({ queryKey, queryFn, meta });
  });
  await Promise.all([settled(session), settled(data)]);
}

/** A boot request's failure is the screens' to show (their queries hold it), not the boot's. */
const settled = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => {},
    () => {},
  );

type ScreenData = (websiteId: string) => { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> };

/**
 * The query the screen at `location` opens with for a website, with the key its hook reads. Not
 * the model comparison's report: arriving with the boot, its tables rendered in the same long task
 * as the shell (bench:web mobile /analytics 56–63 without, 47–77 with).
 */
function firstScreenData(location: Pick<Location, 'pathname' | 'search'>): ScreenData | null {
  switch (location.pathname) {
    case '/':
    case '/dashboard': {
      const params = new URLSearchParams(location.search);
      const filters = filtersInParams(params);
      const range = rangeInParams(params);
      return (id) => ({
        queryKey: queryKeys.dashboard(id, range, filters),
        queryFn: () => dashboardApi.get(id, range, filters),
      });
    }
    case '/campaigns':
      return (id) => ({
        queryKey: queryKeys.workspace.campaigns(id),
        queryFn: () => workspaceApi.campaigns(id),
      });
    case '/funnels':
      return (id) => ({ queryKey: queryKeys.funnels.list(id), queryFn: () => funnelsApi.list(id) });
    default:
      return null;
  }
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
