import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { uiStorageKeys } from '../components/local-data/storage-keys';
import { fakeApi, requestsTo } from '../test/fake-api';
import { websiteFixture } from '../test/website-fixture';
import { prefetchForBoot } from './boot-prefetch';
import { queryKeys } from './queries/query-keys';

const shop = websiteFixture();
const other = { ...websiteFixture(), id: 'w2', name: 'Other' };
const session = { user: { id: 'u1', email: 'ann@example.com' }, session: { id: 's1' } };

/**
 * Boots at `pathname` and waits until the boot's requests are answered. By default signed in, in a
 * browser that was signed in before; `expired`: the browser was, the session is no more.
 */
async function boot(
  pathname: string,
  {
    search = '',
    state = 'signed-in',
  }: { search?: string; state?: 'signed-in' | 'first-sign-in' | 'signed-out' | 'expired' } = {},
) {
  if (state === 'signed-in' || state === 'expired') localStorage.setItem(uiStorageKeys.signedInHere, 'true');
  const signedIn = state === 'signed-in' || state === 'first-sign-in';
  const api = fakeApi({
    '/api/auth/get-session': () => ({ body: signedIn ? session : null }),
    '/api/websites': () =>
      signedIn ? { body: [shop, other] } : { body: { error: 'Unauthorized' }, status: 401 },
    '/api/analytics/dashboard': (url) => ({
      body: { range: url.searchParams.get('range'), site: url.searchParams.get('websiteId') },
    }),
    '/api/websites/w2/campaigns': () => ({ body: ['campaigns of w2'] }),
    '/api/funnels': (url) => ({ body: [`funnels of ${url.searchParams.get('website_id')}`] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetchForBoot(client, { pathname, search });
  return { client, requests: api.requests, paths: api.requests.map((u) => u.pathname) };
}

describe('boot prefetch', () => {
  afterEach(() => localStorage.clear());

  it('asks for the session, the websites and the chosen website’s dashboard at once on /dashboard', async () => {
    localStorage.setItem(uiStorageKeys.selectedWebsiteId, JSON.stringify('w2'));
    const { client, requests } = await boot('/dashboard', { search: '?country=DE&unknown=1' });
    const key = queryKeys.dashboard('w2', '7d', { country: 'DE' });
    expect(client.getQueryData(key)).toEqual({ range: '7d', site: 'w2' });
    expect(requestsTo(requests, '/api/auth/get-session')).toHaveLength(1);
    expect(client.getQueryData(queryKeys.websites)).toEqual([shop, other]);
    expect(requestsTo(requests, '/api/analytics/dashboard')[0]?.searchParams.get('country')).toBe('DE');
  });

  it('takes the first website when none was chosen, and no dashboard on another screen', async () => {
    const first = await boot('/');
    expect(first.client.getQueryData(queryKeys.dashboard('w1', '7d', {}))).toBeTruthy();
    const campaigns = await boot('/campaigns');
    expect(campaigns.client.getQueryData(queryKeys.websites)).toBeTruthy();
    expect(requestsTo(campaigns.requests, '/api/analytics/dashboard')).toHaveLength(0);
  });

  it('asks for the campaigns and the funnels with the screens that open with them, nothing more elsewhere', async () => {
    localStorage.setItem(uiStorageKeys.selectedWebsiteId, JSON.stringify('w2'));
    const campaigns = await boot('/campaigns');
    expect(campaigns.client.getQueryData(queryKeys.workspace.campaigns('w2'))).toEqual(['campaigns of w2']);
    const funnels = await boot('/funnels');
    expect(funnels.client.getQueryData(queryKeys.funnels.list('w2'))).toEqual(['funnels of w2']);
    // The model comparison and a screen without data ask for nothing past the websites.
    for (const path of ['/analytics', '/profile']) {
      const other = await boot(path);
      expect(other.client.getQueryData(queryKeys.websites)).toBeTruthy();
      expect(other.paths).toEqual(['/api/auth/get-session', '/api/websites']);
    }
  });

  it('asks for the session alone on a signed-out screen, and on a signed-in one when signed out here', async () => {
    const login = await boot('/login', { state: 'signed-out' });
    expect(login.client.getQueryState(queryKeys.session)?.status).toBe('success');
    expect(login.paths).toEqual(['/api/auth/get-session']);
    // Signed out (never signed in, or logged out): nothing that answers 401 is asked for.
    for (const path of ['/', '/dashboard']) {
      expect((await boot(path, { state: 'signed-out' })).paths).toEqual(['/api/auth/get-session']);
    }
  });

  it('asks for the websites once the session says so, in a browser signed in for the first time', async () => {
    const { client, paths } = await boot('/dashboard', { state: 'first-sign-in' });
    expect(client.getQueryData(queryKeys.dashboard('w1', '7d', {}))).toBeTruthy();
    expect(paths).toEqual(['/api/auth/get-session', '/api/websites', '/api/analytics/dashboard']);
    expect(localStorage.getItem(uiStorageKeys.signedInHere)).toBe('true');
  });

  it('leaves no data after a 401 of an expired session, and the next boot asks for the session alone', async () => {
    const expired = await boot('/dashboard', { state: 'expired' });
    expect(expired.client.getQueryState(queryKeys.websites)?.status).toBe('error');
    expect(requestsTo(expired.requests, '/api/analytics/dashboard')).toHaveLength(0);
    expect(localStorage.getItem(uiStorageKeys.signedInHere)).toBeNull();
    expect((await boot('/dashboard', { state: 'signed-out' })).paths).toEqual(['/api/auth/get-session']);
  });
});
