import { expect, test } from '@playwright/test';
import { expectFieldError, PASSWORD, uniqueEmail } from './helpers';
import { headers, setUpWorkspace } from './workspace-helpers';

test.describe('errors at the field', () => {
  test('the campaign builder marks an empty Campaign Name when the name is confirmed', async ({
    page,
    request,
  }) => {
    await setUpWorkspace(page, request, 'builder-field');
    await page.goto('/campaign-builder');
    const name = page.getByRole('textbox', { name: 'Campaign Name' });
    await page.getByRole('button', { name: 'Confirm Name' }).click();
    await expectFieldError(name, 'Please fill in all required fields');
    await name.fill('Winter Sale');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Confirm Name' }).click();
    await expect(page.getByText('Confirmed')).toBeVisible();
  });

  test('New Campaign marks every bad field at once; a landing page on another domain is refused at the field, by the form and by the server', async ({
    page,
    request,
  }) => {
    const { siteId, rootDomain } = await setUpWorkspace(page, request, 'campaign-fields');
    await request.post(`/api/websites/${siteId}/networks`, {
      headers,
      data: { name: 'Google Ads', sources: ['Search'] },
    });
    const domainMessage = `This page is not on ${rootDomain} or its subdomains, so the tracker would never count its visits. Use a page of your website, or add its domain to the cross-domain list in Website Configuration.`;
    let campaignPosts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/websites/${siteId}/campaigns`)) campaignPosts += 1;
    });
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Campaign' });
    const landing = dialog.getByRole('textbox', { name: 'Landing Page URL' });
    const name = dialog.getByRole('textbox', { name: 'Campaign Name' });
    await expect(name).toHaveAttribute('maxlength', '300');
    await landing.fill('https://other.test/spring');
    await dialog.getByRole('button', { name: 'Save Campaign' }).click();
    await expectFieldError(
      dialog.getByRole('combobox', { name: 'Traffic Network' }),
      'Please fill in all required fields',
    );
    await expectFieldError(name, 'Please fill in all required fields');
    await expectFieldError(landing, domainMessage);
    expect(campaignPosts).toBe(0);

    const direct = await page.request.post(`/api/websites/${siteId}/campaigns`, {
      headers,
      data: {
        name: 'Spring',
        network: 'Google Ads',
        source: 'Search',
        landingPage: 'https://other.test/spring',
      },
    });
    expect(direct.status()).toBe(400);
    expect((await direct.json()).error).toBe(domainMessage);

    await dialog.getByRole('combobox', { name: 'Traffic Network' }).click();
    await page.getByRole('option', { name: 'Google Ads' }).click();
    await dialog.getByRole('combobox', { name: 'Traffic Source' }).click();
    await page.getByRole('option', { name: 'Search' }).click();
    await name.fill('Spring');
    await landing.fill(`https://${rootDomain}/spring`);
    await dialog.getByRole('button', { name: 'Save Campaign' }).click();
    await expect(page.getByText('Campaign saved successfully!')).toBeVisible();
    expect(campaignPosts).toBe(1);
  });

  test('the goal modal marks the empty name and the condition its type needs', async ({ page, request }) => {
    await setUpWorkspace(page, request, 'goal-field');
    await page.goto('/website-config');
    await page.getByRole('button', { name: 'Add Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Conversion Goal' });
    await dialog.getByRole('button', { name: 'Add Goal' }).click();
    await expectFieldError(dialog.getByLabel('Goal Name'), 'Please fill in all required fields');
    await expectFieldError(dialog.getByLabel('Page Path'), 'Please enter a page path for the pageview goal');
    await dialog.getByLabel('Goal Name').fill('Buy click');
    await expect(dialog.getByLabel('Goal Name')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Click').check();
    await expectFieldError(
      dialog.getByLabel('CSS Selector'),
      'Please enter a CSS selector for the click goal',
    );
  });

  test('a click goal with a selector that is not CSS is refused at the field, by the form and by the server', async ({
    page,
    request,
  }) => {
    const { siteId } = await setUpWorkspace(page, request, 'goal-selector');
    const message =
      'This is not a valid CSS selector. Use an id or a class, for example #buy-button or .add-to-cart';
    let goalPosts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/websites/${siteId}/goals`)) goalPosts += 1;
    });
    await page.goto('/website-config');
    await page.getByRole('button', { name: 'Add Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Conversion Goal' });
    await dialog.getByLabel('Goal Name').fill('Buy click');
    await dialog.getByLabel('Click').check();
    await dialog.getByLabel('CSS Selector').fill('not a selector!!');
    await dialog.getByRole('button', { name: 'Add Goal' }).click();
    await expectFieldError(dialog.getByLabel('CSS Selector'), message);
    expect(goalPosts).toBe(0);

    const direct = await page.request.post(`/api/websites/${siteId}/goals`, {
      headers: { origin: new URL(page.url()).origin },
      data: { name: 'Buy click', type: 'click', conditions: { selector: 'not a selector!!' } },
    });
    expect(direct.status()).toBe(400);
    expect(await direct.json()).toEqual({ error: message, field: 'conditions.selector' });

    await dialog.getByLabel('CSS Selector').fill('#buy-button');
    await dialog.getByRole('button', { name: 'Add Goal' }).click();
    await expect(page.getByText('Goal "Buy click" added successfully!')).toBeVisible();
  });

  test('sign-up checks the form first, then puts a server refusal at its field in plain words', async ({
    page,
  }) => {
    let signUps = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/sign-up/email')) signUps += 1;
    });
    await page.goto('/signup');
    // A self-hosted server has no billing, so sign-up promises no trial.
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/trial/i);
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByRole('textbox', { name: 'Password' });
    const create = page.getByRole('button', { name: 'Create account' });
    await create.click();
    await expectFieldError(email, 'Please enter your email address');
    await expectFieldError(password, 'Please enter a password');
    await expect(page.getByText('You must accept the terms of service to create an account')).toBeVisible();
    await email.fill('me@example');
    await password.fill('seven77');
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await create.click();
    await expectFieldError(email, 'Please enter a valid email address, like you@company.com');
    await expectFieldError(password, 'Your password needs at least 10 characters');
    expect(signUps).toBe(0);

    // Passes the form's check, refused by the server's: "[body.email] Invalid email address".
    await email.fill(`${uniqueEmail('dots').replace('@', '..x@')}`);
    await password.fill(PASSWORD);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-up/email'));
    await create.click();
    expect((await answer).status()).toBe(400);
    await expectFieldError(email, 'Please enter a valid email address, like you@company.com');
    await expect(page.locator('body')).not.toContainText('[body.email]');
    await expect(page).toHaveURL(/\/signup$/);
  });
});
