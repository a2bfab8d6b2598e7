import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { BASE_URL, FIXTURE_PORT } from '../playwright.config';
import { PASSWORD, signInInBrowser, uniqueEmail } from './helpers';

export const headers = { origin: BASE_URL };

/**
 * A signed-up account (API on `request`, then signed in in the browser) with one website whose
 * root domain is `<websiteId>.shop.test`, served by the fixture landing site, and a purchase goal.
 */
export async function setUpWorkspace(page: Page, request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password: PASSWORD, name: 'Marketer', acceptTerms: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const created = await request.post('/api/websites', {
    headers,
    data: { name: 'Shop', rootDomain: 'shop.test' },
  });
  const site = await created.json();
  const rootDomain = `${site.id}.shop.test`;
  const patched = await request.patch(`/api/websites/${site.id}`, { headers, data: { rootDomain } });
  expect(patched.ok(), await patched.text()).toBe(true);
  await request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
  });
  await signInInBrowser(page, email);
  return { email, siteId: site.id as string, rootDomain };
}

/** The shared link points at https://<domain>/…; the fixture site answers on http and its port. */
export function onFixture(trackedUrl: string): string {
  const url = new URL(trackedUrl);
  url.protocol = 'http:';
  url.port = String(FIXTURE_PORT);
  return url.toString();
}

export const metric = (card: ReturnType<Page['getByTestId']>, label: string) =>
  card.locator(`[data-metric="${label}"]`);
