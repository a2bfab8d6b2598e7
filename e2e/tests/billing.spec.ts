import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BILLING_URL, STRIPE_URL } from '../playwright.config';
import { PASSWORD, signUpInBrowser, uniqueEmail } from './helpers';
import { linkIn, mailTo } from './mail-helpers';

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
  });
});

test.describe('organization members', () => {
  // Two accounts, mails to verify and to invite, then the changes: long flows on a busy machine.
  test.describe.configure({ timeout: 240_000 });

  /** The signed-in owner's first website, made through the API the screens use. */
  async function ownerWebsite(page: Page, name: string, rootDomain: string): Promise<{ id: string }> {
    return page.evaluate(
      async (body) => {
        const response = await fetch('/api/websites', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.json();
      },
      { name, rootDomain },
    );
  }

  /** Opens the website selector and waits for a site among the options. */
  async function seesWebsite(page: Page, name: string) {
    await page.goto('/website-config');
    await page
      .getByRole('combobox', { name: /website/i })
      .first()
      .click();
    await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    await page.keyboard.press('Escape');
  }

  test("an owner invites an existing, verified account as viewer, who accepts, sees the owner's website but cannot change it; then makes them admin, owner, and removes them", async ({
    page,
    browser,
  }) => {
    const viewerContext = await browser.newContext();
    const viewerPage = await viewerContext.newPage();
    const viewerEmail = await signUpInBrowser(viewerPage);
    await viewerPage.goto(linkIn(await mailTo(viewerEmail, /Verify your email address/)));
    await expect(viewerPage.getByLabel('Email verification')).toHaveCount(0);
    const ownerEmail = await signUpInBrowser(page);
    // Only a proven address may mail invitations.
    await page.goto(linkIn(await mailTo(ownerEmail, /Verify your email address/)));
    const site = await ownerWebsite(page, 'Owner Shop', 'owner-shop.test');
    await page.goto('/billing');
    const members = page.getByRole('region', { name: 'Members' });
    await expect(members.getByText(/Invitees get a link by mail/)).toBeVisible();
    await members.getByLabel('Email').fill(viewerEmail);
    await members.getByRole('button', { name: 'Invite' }).click();
    // An existing account is invited like any address: nothing says it has an account.
    await expect(members.getByRole('status')).toHaveText(`An invitation was sent to ${viewerEmail}.`);
    await expect(members.getByRole('listitem').filter({ hasText: viewerEmail })).toContainText('Expires');

    await viewerPage.goto(linkIn(await mailTo(viewerEmail, /You are invited to/)));
    await viewerPage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(viewerPage).toHaveURL(/\/dashboard$/);
    await page.reload();
    const role = members.getByRole('combobox', { name: `Role of ${viewerEmail}` });
    await expect(role).toHaveValue('Viewer');

    await seesWebsite(viewerPage, 'Owner Shop');
    const patch = (id: string) =>
      viewerPage.evaluate(async (websiteId) => {
        const response = await fetch(`/api/websites/${websiteId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Changed by a member' }),
        });
        return response.status;
      }, id);
    expect(await patch(site.id)).toBe(403);

    const changed = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/members/'),
    );
    await role.click();
    await page.getByRole('option', { name: 'Admin' }).click();
    expect((await changed).status()).toBe(200);
    await expect(role).toHaveValue('Admin');
    expect(await patch(site.id)).toBe(200);

    await role.click();
    await page.getByRole('option', { name: 'Owner' }).click();
    const promoted = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/members/'),
    );
    await page.getByRole('button', { name: 'Make owner' }).click();
    expect((await promoted).status()).toBe(200);
    await expect(role).toHaveValue('Owner');

    await members.getByRole('button', { name: `Remove ${viewerEmail}` }).click();
    await page.getByRole('button', { name: 'Remove member' }).click();
    await expect(members.getByRole('listitem').filter({ hasText: viewerEmail })).toHaveCount(0);
    expect(await patch(site.id)).toBe(404);
    await viewerContext.close();
  });

  test("an owner invites a new address; the mailed link leads its sign-up to verify the address, then into the organization, where it sees the owner's website", async ({
    page,
    browser,
  }) => {
    const ownerEmail = await signUpInBrowser(page);
    // Only a proven address may mail invitations.
    await page.goto(linkIn(await mailTo(ownerEmail, /Verify your email address/)));
    await ownerWebsite(page, 'Invited Shop', 'invited-shop.test');
    await page.goto('/billing');
    const members = page.getByRole('region', { name: 'Members' });
    const invitee = uniqueEmail('invitee');
    await members.getByLabel('Email').fill(invitee);
    await members.getByRole('button', { name: 'Invite' }).click();
    await expect(members.getByRole('status')).toHaveText(`An invitation was sent to ${invitee}.`);
    const pending = members.getByRole('region', { name: 'Pending invitations' });
    await expect(pending.getByRole('listitem').filter({ hasText: invitee })).toContainText('Expires');

    const mail = await mailTo(invitee, /You are invited to/);
    const inviteeContext = await browser.newContext();
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(linkIn(mail));
    await expect(inviteePage.getByText(`${invitee} is invited to join`)).toBeVisible();
    await inviteePage.getByRole('link', { name: 'Sign up to accept' }).click();
    await expect(inviteePage.getByLabel('Email')).toHaveValue(invitee);
    await inviteePage.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await inviteePage.getByLabel(/I agree to the Terms of Service/).check();
    await inviteePage.getByRole('button', { name: 'Create account' }).click();
    await expect(inviteePage).toHaveURL(/\/invitations\//);
    // Verify first: the page says so and offers no Accept until the address is proven.
    await expect(inviteePage.getByText(/Verify your email address first/)).toBeVisible();
    await expect(inviteePage.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
    expect(await seriousViolations(inviteePage)).toEqual([]);
    await inviteePage.goto(linkIn(await mailTo(invitee, /Verify your email address/)));
    await expect(inviteePage).toHaveURL(/\/dashboard$/);
    await inviteePage.goto(linkIn(mail));
    await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(inviteePage).toHaveURL(/\/dashboard$/);
    await seesWebsite(inviteePage, 'Invited Shop');

    await page.reload();
    await expect(members.getByRole('combobox', { name: `Role of ${invitee}` })).toHaveValue('Viewer');
    await expect(members.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
    await inviteeContext.close();
  });

  test('an owner revokes a pending invitation, and its link then says so', async ({ page, browser }) => {
    const ownerEmail = await signUpInBrowser(page);
    await page.goto('/billing');
    const members = page.getByRole('region', { name: 'Members' });
    const invitee = `revoked-${Date.now()}@example.com`;
    await members.getByLabel('Email').fill(invitee);
    await members.getByRole('button', { name: 'Invite' }).click();
    // An unproven address mails nobody: the form says to verify first.
    await expect(members.getByText(/Verify your email address before inviting anyone/)).toBeVisible();
    await page.goto(linkIn(await mailTo(ownerEmail, /Verify your email address/)));
    await page.goto('/billing');
    await members.getByLabel('Email').fill(invitee);
    await members.getByRole('button', { name: 'Invite' }).click();
    await members.getByRole('button', { name: `Revoke the invitation for ${invitee}` }).click();
    await expect(members.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(linkIn(await mailTo(invitee, /You are invited to/)));
    await expect(otherPage.getByRole('alert')).toHaveText(
      'This invitation was revoked, accepted already, or never existed.',
    );
    await other.close();
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
