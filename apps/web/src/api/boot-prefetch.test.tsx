import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { uiStorageKeys } from '../components/local-data/storage-keys';
import { fakeApi, requestsTo } from '../test/fake-api';
import { websiteFixture } from '../test/website-fixture';
import { prefetchForBoot } from './boot-prefetch';
import { queryKeys } from './queries/query-keys';

const shop = websiteFixture();
const other = { ...websiteFixture(), id: 'w2', name: 'Other' };

function boot(pathname: string, search = '', websitesStatus = 200) {
  const api = fakeApi({
    '/api/auth/get-session': () => ({ body: null }),
    '/api/websites': () =>
      websitesStatus === 200 ? { body: [shop, other] } : { body: { error: 'Unauthorized' }, status: 401 },
    '/api/analytics/dashboard': (url) => ({
      body: { range: url.searchParams.get('range'), site: url.searchParams.get('websiteId') },
    }),
    '/api/websites/w2/campaigns': () => ({ body: ['campaigns of w2'] }),
    '/api/funnels': (url) => ({ body: [`funnels of ${url.searchParams.get('website_id')}`] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchForBoot(client, { pathname, search });
  return { client, requests: api.requests };
}

describe('boot prefetch', () => {
  afterEach(() => localStorage.clear());

  it('asks for the session, the websites and the chosen website’s dashboard at once on /dashboard', async () => {
    localStorage.setItem(uiStorageKeys.selectedWebsiteId, JSON.stringify('w2'));
    const { client, requests } = boot('/dashboard', '?country=DE&unknown=1');
    const key = queryKeys.dashboard('w2', '7d', { country: 'DE' });
    await expect.poll(() => client.getQueryData(key)).toEqual({ range: '7d', site: 'w2' });
    expect(requestsTo(requests, '/api/auth/get-session')).toHaveLength(1);
    expect(client.getQueryData(queryKeys.websites)).toEqual([shop, other]);
    expect(requestsTo(requests, '/api/analytics/dashboard')[0]?.searchParams.get('country')).toBe('DE');
  });

  it('takes the first website when none was chosen, and no dashboard on another screen', async () => {
    const first = boot('/');
    await expect.poll(() => first.client.getQueryData(queryKeys.dashboard('w1', '7d', {}))).toBeTruthy();
    const campaigns = boot('/campaigns');
    await expect.poll(() => campaigns.client.getQueryData(queryKeys.websites)).toBeTruthy();
    expect(requestsTo(campaigns.requests, '/api/analytics/dashboard')).toHaveLength(0);
  });

  it('asks for the campaigns and the funnels with the screens that open with them, nothing more elsewhere', async () => {
    localStorage.setItem(uiStorageKeys.selectedWebsiteId, JSON.stringify('w2'));
    const campaigns = boot('/campaigns');
    await expect
      .poll(() => campaigns.client.getQueryData(queryKeys.workspace.campaigns('w2')))
      .toEqual(['campaigns of w2']);
    const funnels = boot('/funnels');
    await expect
      .poll(() => funnels.client.getQueryData(queryKeys.funnels.list('w2')))
      .toEqual(['funnels of w2']);
    // The model comparison and a screen without data ask for nothing past the websites.
    for (const path of ['/analytics', '/profile']) {
      const other = boot(path);
      await expect.poll(() => other.client.getQueryData(queryKeys.websites)).toBeTruthy();
      expect(other.requests.map((u) => u.pathname)).toEqual(['/api/auth/get-session', '/api/websites']);
    }
  });

  it('asks for the session alone on a signed-out screen, and a signed-out 401 leaves no data', async () => {
    const login = boot('/login');
    await expect.poll(() => login.client.getQueryState(queryKeys.session)?.status).toBe('success');
    expect(login.requests.map((u) => u.pathname)).toEqual(['/api/auth/get-session']);

    const signedOut = boot('/dashboard', '', 401);
    await expect.poll(() => signedOut.client.getQueryState(queryKeys.websites)?.status).toBe('error');
    expect(requestsTo(signedOut.requests, '/api/analytics/dashboard')).toHaveLength(0);
  });
});
