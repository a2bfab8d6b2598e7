import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expectFieldError, logOut, signInInBrowser, signUpInBrowser } from './helpers';
import { chooseModel, createWebsite, save, websites, websiteWrites } from './website-config-helpers';

test.describe('Website Configuration', () => {
  test('domain, model, settings and a goal are saved on the server and survive a reload and a new sign-in', async ({
    page,
  }) => {
    // A long flow (two sign-ins, a reload): 24 s on a quiet machine, past 30 s on a busy one.
    test.setTimeout(120_000);
    const email = await signUpInBrowser(page);
    await page.getByRole('link', { name: 'Website Config' }).click();
    await expect(page.getByText('Set up your first website')).toBeVisible();
    // Nothing made up: the brand is for its owner to name.
    await expect(page.getByLabel('Brand')).toHaveValue('');
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

  test('every edit is a draft: Unsaved changes shows, and Reset puts back what is saved without a request', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await createWebsite(page);
    await page.goto('/website-config');
    const writes = websiteWrites(page);
    await expect(page.getByLabel('Website Name')).toHaveValue('Shop');
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reset', exact: true })).toBeDisabled();

    await page.getByLabel('Website Name').fill('Shop two');
    await chooseModel(page, 'Linear');
    await page.getByRole('combobox', { name: 'Website time zone' }).fill('Los_Angeles');
    await page.getByRole('option', { name: /^America\/Los_Angeles/ }).click();
    const privacy = page.getByRole('region', { name: 'Privacy' });
    await privacy.getByRole('radio', { name: /No consent needed/ }).check();
    await privacy.getByLabel('Treat Do-Not-Track as a refusal').check();
    await page.getByLabel('IP anonymization').uncheck();
    await expect(page.getByTestId('unsaved-changes')).toHaveText('Unsaved changes');

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    await expect(page.getByLabel('Website Name')).toHaveValue('Shop');
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('First Touch');
    await expect(page.getByRole('combobox', { name: 'Website time zone' })).toHaveValue(/^UTC/);
    await expect(privacy.getByRole('radio', { name: /Wait for consent/ })).toBeChecked();
    await expect(privacy.getByLabel('Treat Do-Not-Track as a refusal')).not.toBeChecked();
    await expect(page.getByLabel('IP anonymization')).toBeChecked();
    expect(writes).toEqual([]);
  });

  test('Save sends every section in one request, and a reload keeps it all', async ({ page }) => {
    await signUpInBrowser(page);
    const site = await createWebsite(page);
    await page.goto('/website-config');
    const writes = websiteWrites(page);
    // Labels of one letter are real domains.
    await page.getByLabel('Root Domain').fill('m.shop.test');
    await page.getByLabel('Brand').fill('Demo Shop');
    await page.getByLabel('Attribution window (days)').fill('45');
    await page.getByRole('combobox', { name: 'Website time zone' }).fill('Los_Angeles');
    await page.getByRole('option', { name: /^America\/Los_Angeles/ }).click();
    const privacy = page.getByRole('region', { name: 'Privacy' });
    await privacy.getByRole('radio', { name: /No consent needed/ }).check();
    await privacy.getByLabel('Keep data for (months)').fill('13');
    const saved = page.waitForRequest((r) => r.method() === 'PATCH');
    await save(page);
    expect((await saved).postDataJSON()).toMatchObject({
      rootDomain: 'm.shop.test',
      brand: 'Demo Shop',
      timezone: 'America/Los_Angeles',
      attribution: { window: 45 },
      privacy: { consentMode: 'none', respectDnt: false, retentionMonths: 13 },
    });
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    expect(writes).toEqual([`PATCH /api/websites/${site.id}`]);

    await page.reload();
    await expect(page.getByLabel('Root Domain')).toHaveValue('m.shop.test');
    await expect(page.getByLabel('Brand')).toHaveValue('Demo Shop');
    await expect(page.getByLabel('Attribution window (days)')).toHaveValue('45');
    await expect(page.getByText(/^Now: America\/Los_Angeles \(GMT-0[78]:00\)$/)).toBeVisible();
    await expect(privacy.getByRole('radio', { name: /No consent needed/ })).toBeChecked();
    await expect(privacy.getByLabel('Keep data for (months)')).toHaveValue('13');
  });

  test('two invalid fields are marked at once, and nothing is sent', async ({ page }) => {
    await signUpInBrowser(page);
    await createWebsite(page);
    await page.goto('/website-config');
    const writes = websiteWrites(page);
    await page.getByLabel('Website Name').fill('');
    await page.getByLabel('Attribution window (days)').fill('400');
    await page.getByRole('region', { name: 'Privacy' }).getByLabel('Keep data for (months)').fill('0');
    await save(page);
    await expectFieldError(page.getByLabel('Website Name'), 'Please enter a website name');
    await expectFieldError(
      page.getByLabel('Attribution window (days)'),
      'Attribution window must be between 1 and 365 days',
    );
    await expectFieldError(
      page.getByLabel('Keep data for (months)'),
      'Retention must be a whole number of months from 1 to 120',
    );
    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: 'Please enter a website name' }),
    ).toBeVisible();
    // Fixing one field leaves the other marked.
    await page.getByLabel('Website Name').fill('Shop');
    await expect(page.getByLabel('Website Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Attribution window (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toEqual([]);
  });

  test('Restore defaults asks first, names what it recomputes, then saves the defaults', async ({ page }) => {
    await signUpInBrowser(page);
    const site = await createWebsite(page);
    const changed = await page.request.patch(`/api/websites/${site.id}`, {
      headers: { origin: BASE_URL },
      data: {
        attribution: {
          model: 'linear',
          window: 30,
          settings: { decayParameter: 7, customWeights: [0.2, 0.2, 0.2, 0.2, 0.2] },
        },
        scriptConfig: { ipAnonymization: false },
      },
    });
    expect(changed.status()).toBe(200);
    await page.goto('/website-config');
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('Linear');

    await page.getByRole('button', { name: 'Restore defaults' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore default settings?' });
    await expect(dialog).toContainText(
      'Restores the attribution model (First Touch), the attribution window (90 days), the weights of every model',
    );
    await expect(dialog).toContainText('The credits of every conversion of this website are then recomputed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('Linear');

    await page.getByRole('button', { name: 'Restore defaults' }).click();
    await dialog.getByRole('button', { name: 'Restore defaults' }).click();
    await expect(page.getByText('Configuration has been reset to defaults.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('First Touch');
    await expect(page.getByLabel('Attribution window (days)')).toHaveValue('90');
    await expect(page.getByLabel('IP anonymization')).toBeChecked();
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    const [stored] = await websites(page);
    expect([
      stored.attribution.model,
      stored.attribution.window,
      stored.scriptConfig.ipAnonymization,
    ]).toEqual(['first_touch', 90, true]);
    expect(stored.rootDomain).toBe('shop.test');
  });

  test('leaving with unsaved changes asks first', async ({ page }) => {
    await signUpInBrowser(page);
    await createWebsite(page);
    await page.goto('/website-config');
    await page.getByLabel('Website Name').fill('Renamed');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(/\/website-config$/);
    await expect(page.getByLabel('Website Name')).toHaveValue('Renamed');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await dialog.getByRole('button', { name: 'Leave without saving', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
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
