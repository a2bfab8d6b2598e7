import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { logOut, signInInBrowser, signUpInBrowser } from './helpers';

const websites = (page: Page) => page.evaluate(() => fetch('/api/websites').then((r) => r.json()));

async function chooseModel(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save Configuration' }).first().click();
}

test.describe('Website Configuration', () => {
  test('domain, model, settings and a goal are saved on the server and survive a reload and a new sign-in', async ({
    page,
  }) => {
    // A long flow (two sign-ins, a reload): 24 s on a quiet machine, past 30 s on a busy one.
    test.setTimeout(120_000);
    const email = await signUpInBrowser(page);
    await page.getByRole('link', { name: 'Website Config' }).click();
    await expect(page.getByText('Set up your first website')).toBeVisible();
    await expect(page.getByTestId('tracking-snippet')).toHaveText(
      '<!-- Please configure website domain first -->',
    );

    await page.getByLabel('Website Name').fill('Shop');
    await page.getByLabel('Root Domain').fill('https://www.shop.test/');
    await chooseModel(page, 'W-Shaped');
    await expect(page.getByLabel('First touch weight')).toHaveValue('0.3');
    await expect(page.getByLabel('Middle touches weight')).toHaveValue('0.4');
    await page.getByLabel('Attribution window (days)').fill('30');
    await page.getByLabel('IP anonymization').check();
    await page.getByLabel('Cross-domain tracking').check();
    await page.getByRole('combobox', { name: 'Other domains' }).fill('shop-checkout.test');
    await page.getByRole('combobox', { name: 'Other domains' }).press('Enter');
    await save(page);
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();

    const [site] = await websites(page);
    await expect(page.getByTestId('tracking-snippet')).toContainText(
      `<script async src="${BASE_URL}/t.js" data-site="${site.id}"></script>`,
    );
    await expect(page.getByTestId('tracking-snippet')).toContainText(
      `<noscript><img src="${BASE_URL}/api/collect?site=`,
    );
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy snippet' })).toBeVisible({ timeout: 4000 });

    await page.getByRole('button', { name: 'Add Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Conversion Goal' });
    await dialog.getByLabel('Goal Name').fill('Purchase');
    await dialog.getByLabel('Event').check();
    await dialog.getByLabel('Event Name').fill('purchase');
    await dialog.getByLabel('Goal Value').fill('49.90');
    await dialog.getByRole('button', { name: 'Add Goal' }).click();
    await expect(page.getByText('Goal "Purchase" added successfully!')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Purchase', exact: true })).toBeVisible();

    const check = async () => {
      await expect(page.getByLabel('Website Name')).toHaveValue('Shop');
      await expect(page.getByLabel('Root Domain')).toHaveValue('www.shop.test');
      await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('W-Shaped');
      await expect(page.getByLabel('Attribution window (days)')).toHaveValue('30');
      await expect(page.getByLabel('IP anonymization')).toBeChecked();
      await expect(page.getByText('shop-checkout.test')).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Purchase', exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'purchase', exact: true })).toBeVisible();
    };
    await page.reload();
    await check();
    await logOut(page);
    await signInInBrowser(page, email);
    await page.goto('/website-config');
    await check();
  });

  test('invalid domain, empty name, out-of-range numbers and a bad weight sum show the spec messages and save nothing', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/website-config');
    await page.getByLabel('Root Domain').fill('shop.test');
    await save(page);
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    const saved = await websites(page);

    const expectRefusal = async (message: string) => {
      await save(page);
      await expect(page.getByRole('main').getByRole('alert').filter({ hasText: message })).toBeVisible();
      expect(await websites(page)).toEqual(saved);
    };

    await page.getByLabel('Root Domain').fill('not a domain');
    await expect(page.getByText('Please enter a valid domain (e.g., example.com)')).toBeVisible();
    await expectRefusal('Please fix the domain errors before saving');
    await page.getByLabel('Root Domain').fill('');
    await expectRefusal('Please enter a valid domain');
    await page.getByLabel('Root Domain').fill('shop.test');

    await page.getByLabel('Website Name').fill('');
    await expectRefusal('Please enter a website name');
    await page.getByLabel('Website Name').fill('Shop');

    await page.getByLabel('Attribution window (days)').fill('400');
    await expectRefusal('Attribution window must be between 1 and 365 days');
    await page.getByLabel('Attribution window (days)').fill('90');

    await chooseModel(page, 'Time Decay');
    await page.getByLabel('Decay parameter (half-life in days)').fill('31');
    await expectRefusal('Time decay parameter must be between 1 and 30 days');
    await page.getByLabel('Decay parameter (half-life in days)').fill('7');

    await chooseModel(page, 'Position Based');
    await page.getByLabel('First touch weight').fill('0.6');
    await expect(page.getByTestId('weight-sum')).toContainText('1.20');
    await expectRefusal('Touch point weights must sum to 1. Current sum: 1.20');

    await chooseModel(page, 'Custom Weight');
    await page.getByLabel('Touch 1').fill('0.5');
    await expectRefusal('Touch point weights must sum to 1. Current sum: 1.30');
  });

  test('the goal modal asks for what each goal type needs', async ({ page }) => {
    await signUpInBrowser(page);
    await page.goto('/website-config');
    await page.getByLabel('Root Domain').fill('shop.test');
    await save(page);
    await page.getByRole('button', { name: 'Add Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Conversion Goal' });
    const add = () => dialog.getByRole('button', { name: 'Add Goal' }).click();
    await expect(dialog.getByLabel('Goal Name')).toHaveAttribute('placeholder', 'Purchase');
    await add();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
    await dialog.getByLabel('Goal Name').fill('Thanks');
    await add();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a page path for the pageview goal');
    await dialog.getByLabel('Click').check();
    await expect(dialog.getByLabel('CSS Selector')).toBeVisible();
    await add();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a CSS selector for the click goal');
    await dialog.getByLabel('Event').check();
    await add();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter an event name for the event goal');
    await dialog.getByLabel('Pageview').check();
    await dialog.getByLabel('Page Path').fill('/thank-you');
    await add();
    await expect(page.getByText('Goal "Thanks" added successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Remove goal Thanks' }).click();
    await expect(
      page.getByText('No goals configured yet. Click the button above to add your first conversion goal.'),
    ).toBeVisible();
    expect((await websites(page))[0].goals).toEqual([]);
  });

  test('first-party setup: OCX runs on a host name here, so the record is a CNAME to that name', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/website-config');
    await page.getByLabel('Root Domain').fill('shop.test');
    const section = page.getByRole('region', { name: 'First-Party Tracking Setup' });
    const host = new URL(page.url()).hostname;
    await expect(section.getByRole('row').nth(1)).toHaveText(`CNAMEtrack.shop.test${host}`);
    await expect(section.getByTestId('dns-advice')).toHaveText(
      `A CNAME to ${host}, the host name OCX runs on, follows OCX if its address changes.`,
    );
    await expect(
      section.getByLabel('The CNAME record is in place: load the tracker from track.shop.test'),
    ).toBeVisible();
  });

  test('Reset asks first, then restores the default settings on the server', async ({ page }) => {
    await signUpInBrowser(page);
    await page.goto('/website-config');
    await page.getByLabel('Root Domain').fill('shop.test');
    await chooseModel(page, 'Linear');
    // On by default for a new website (docs/privacy.md#ip-addresses); the reset puts it back.
    await page.getByLabel('IP anonymization').uncheck();
    await save(page);
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(
      page.getByText('Are you sure you want to reset the configuration? This cannot be undone.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).last().click();
    await expect(page.getByText('Configuration has been reset to defaults.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('First Touch');
    await expect(page.getByLabel('IP anonymization')).toBeChecked();
    const [site] = await websites(page);
    expect(site.attribution.model).toBe('first_touch');
    expect(site.scriptConfig.ipAnonymization).toBe(true);
    expect(site.rootDomain).toBe('shop.test');
  });

  test('a failed load shows the Error panel with Reload Page', async ({ page }) => {
    await signUpInBrowser(page);
    await page.route('**/api/websites', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }));
    await page.goto('/website-config');
    await expect(page.getByText('Failed to load website configuration')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/websites');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('heading', { name: 'Domain Settings' })).toBeVisible();
  });
});
