import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUpInBrowser, uniqueEmail } from './helpers';
import { linkIn, mailTo } from './mail-helpers';

/** WCAG 2.1 A and AA rules, serious and critical (as accessibility.spec.ts checks every screen). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test.describe('Team: organization members', () => {
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
    // Settings → Team, not Billing.
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('group', { name: 'Settings' })
      .getByRole('link', { name: 'Team', exact: true })
      .click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Team', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Team — OCX');
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
    await page.goto('/team');
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
    await page.goto('/team');
    const members = page.getByRole('region', { name: 'Members' });
    const invitee = `revoked-${Date.now()}@example.com`;
    await members.getByLabel('Email').fill(invitee);
    await members.getByRole('button', { name: 'Invite' }).click();
    // An unproven address mails nobody: the form says to verify first.
    await expect(members.getByText(/Verify your email address before inviting anyone/)).toBeVisible();
    await page.goto(linkIn(await mailTo(ownerEmail, /Verify your email address/)));
    await page.goto('/team');
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
