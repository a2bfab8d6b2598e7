import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BILLING_URL, STRIPE_URL } from '../playwright.config';
import { signUpInBrowser } from './helpers';

const DAY = 86_400_000;

/** WCAG 2.1 A and AA rules, serious and critical (as accessibility.spec.ts checks every screen). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test.describe('billing, self-hosted (no Stripe key)', () => {
  test('shows the plans, says billing is not configured and that no limits apply', async ({ page }) => {
    await signUpInBrowser(page);
    await page.goto('/billing');
    await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible();
    await expect(page.getByText(/Billing is not configured on this server/)).toBeVisible();
    for (const plan of ['Starter', 'Professional', 'Enterprise'])
      await expect(page.getByRole('article', { name: `${plan} plan` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose Starter' })).toBeDisabled();
    await expect(page.getByText('Events: 0 of Unlimited')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment history' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Plan' })).toHaveCount(0);
    // Plans, usage and payments only: who is in the organization is Settings → Team.
    await expect(page.getByRole('region', { name: 'Members' })).toHaveCount(0);
  });
});

test.describe('billing with Stripe', () => {
  test.use({ baseURL: BILLING_URL });
  test.describe.configure({ mode: 'serial' });
  test.afterEach(async ({ request }) => {
    await request.post(`${STRIPE_URL}/_test/fail`, { data: { status: null } });
  });

  test('a trial user sees the trial, the plan cards and, in the last 3 days, the trial banner', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/billing');
    await expect(page.getByText(/Free trial: 14 days left/)).toBeVisible();
    await expect(page.getByText('No payment history found.')).toBeVisible();
    for (const plan of ['Starter', 'Professional', 'Enterprise'])
      await expect(page.getByRole('button', { name: `Choose ${plan}` })).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Plan' })).toHaveCount(0);
    // Twelve days later (the browser's clock): the banner asks to choose a plan.
    await page.clock.setFixedTime(Date.now() + 12 * DAY);
    await page.reload();
    const banner = page.getByRole('region', { name: 'Plan' });
    await expect(banner).toContainText('Your free trial ends in 2 days.');
    await expect(page.getByText(/Free trial: 2 days left/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.clock.setFixedTime(Date.now() + 15 * DAY);
    await page.reload();
    await expect(banner).toContainText('Your free trial has ended.');
  });

  test('choosing a plan goes to Stripe Checkout; after the webhook the plan is active with its renewal date and invoice', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/`));
    await expect(page.getByText('ocx_professional_monthly')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/billing\?checkout=success$/);
    const subscription = page.getByRole('region', { name: 'Current subscription' });
    await expect(subscription).toContainText('Professional');
    await expect(subscription).toContainText('Active');
    await expect(subscription).toContainText(/Renews on \w+ \d+, \d{4}/);
    await expect(page.getByRole('article', { name: 'Professional plan' }).getByText('Current')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage' })).toHaveCount(3);
    const history = page.getByRole('region', { name: 'Payment history' });
    await expect(history.getByRole('cell', { name: '$149.00' })).toBeVisible();
    await expect(history.getByRole('link', { name: 'View invoice' })).toHaveAttribute(
      'href',
      new RegExp(`^${STRIPE_URL}/i/`),
    );
    await expect(page.getByText('Websites: 0 of 5')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('each billing call that fails shows its spec error text in a red box', async ({ page, request }) => {
    await signUpInBrowser(page);
    await page.goto('/billing');
    await expect(page.getByText('No payment history found.')).toBeVisible();
    await request.post(`${STRIPE_URL}/_test/fail`, { data: { status: 500 } });
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to create checkout session');
    await expect(page).toHaveURL(/\/billing$/);
  });

  test('the portal and invoices errors: a paying customer while Stripe is down', async ({
    page,
    request,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('region', { name: 'Current subscription' })).toContainText('Starter');
    await request.post(`${STRIPE_URL}/_test/fail`, { data: { status: 500 } });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment history' }).getByRole('alert')).toHaveText(
      'Failed to fetch invoices',
    );
    await page.getByRole('button', { name: 'Manage' }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'billing portal' })).toHaveText(
      'Failed to create billing portal session',
    );
  });

  test('the trial allows one website, and says how to get more', async ({ page }) => {
    await signUpInBrowser(page);
    const create = (name: string, rootDomain: string) =>
      page.evaluate(
        async (body) =>
          (
            await fetch('/api/websites', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).json(),
        { name, rootDomain },
      );
    await create('One', 'one.test');
    expect((await create('Two', 'two.test')).error).toBe(
      'The trial allows 1 website. Upgrade your plan on the Billing page to add more.',
    );
  });
});
