import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { signUpInBrowser } from './helpers';
import { expectNothingWiderThanTheWindow } from './phone-layout-helpers';

/** The screens that need a website: without one, each offers to create it (and only that). */
const needWebsite: [string, string][] = [
  ['/dashboard', 'Analytics Dashboard'],
  ['/networks', 'Traffic Networks'],
  ['/sources', 'Traffic Sources'],
  ['/campaigns', 'Campaigns'],
  ['/campaign-builder', 'Create New Campaign'],
  ['/landing-pages', 'Landing Pages'],
  ['/funnels', 'Funnel Analysis'],
  ['/clicks-log', 'Clicks Log'],
  ['/user-clicks-log', 'Clicks on All Websites'],
  ['/conversions-log', 'Conversions Log'],
  ['/analytics', 'Attribution Models'],
  ['/event-test', 'Event Test'],
];

/** A website with no visits yet: the screen, and the button that is its one next step. */
const noData: [string, { name: string; role: 'link' | 'button'; to?: RegExp }][] = [
  ['/dashboard', { name: 'Install the snippet', role: 'link', to: /#section-tracking-script$/ }],
  ['/clicks-log', { name: 'Install the snippet', role: 'link', to: /#section-tracking-script$/ }],
  ['/user-clicks-log', { name: 'Install the snippet', role: 'link', to: /#section-tracking-script$/ }],
  ['/conversions-log', { name: 'Add a conversion goal', role: 'link', to: /#section-conversion-goals$/ }],
  ['/analytics', { name: 'Add a conversion goal', role: 'link', to: /#section-conversion-goals$/ }],
  ['/networks', { name: 'New Network', role: 'button' }],
  ['/campaigns', { name: 'New Campaign', role: 'button' }],
  ['/landing-pages', { name: 'New Landing Page', role: 'button' }],
  ['/funnels', { name: 'Create Funnel', role: 'button' }],
];

async function nextStep(page: Page, role: 'link' | 'button', name: string) {
  const control = page.getByRole('main').getByRole(role, { name, exact: true }).first();
  await expect(control).toBeVisible();
  await expect(control).toBeEnabled();
  return control;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`a new user's first screens at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('without a website every screen says to add one and offers the button; nothing asks to pick from a disabled list', async ({
      page,
    }) => {
      await signUpInBrowser(page);
      for (const [path, title] of needWebsite) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
          await expect(page.getByRole('heading', { name: 'No Website Selected' })).toBeVisible();
          await expect(
            page.getByText("You don't have any websites yet. Create your first website to get started."),
          ).toBeVisible();
          await expect(page.getByRole('main')).not.toContainText('select a website from the dropdown');
          await expect(page.getByRole('main')).not.toContainText('Unknown');
          await expect(page.getByRole('main')).not.toContainText('No website ID');
          await nextStep(page, 'button', 'Create website');
          await expectNothingWiderThanTheWindow(page);
        });
      }
      // Website Config is where the first website is made: its goals wait for that save, and say so.
      await page.goto('/website-config');
      await expect(page.getByText('Save the configuration first to add conversion goals.')).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(
        'Click the button above to add your first conversion goal',
      );
      await expectNothingWiderThanTheWindow(page);

      await page.goto('/dashboard');
      await nextStep(page, 'button', 'Create website').then((b) => b.click());
      const dialog = page.getByRole('dialog', { name: 'New website' });
      await dialog.getByLabel('Website Name').fill('First Shop');
      await dialog.getByLabel('Root Domain').fill('first-shop.test');
      await dialog.getByRole('button', { name: 'Create website' }).click();
      await expect(page.getByRole('heading', { name: 'No Website Selected' })).toBeHidden();
      await expect(page.getByRole('main').getByText('First Shop', { exact: true })).toBeVisible();
    });

    test('a website without data: each screen offers its one next step as a button that goes there', async ({
      page,
    }) => {
      await signUpInBrowser(page);
      const created = await page.request.post('/api/websites', {
        headers: { origin: BASE_URL },
        data: { name: 'Quiet Shop', rootDomain: 'quiet.test' },
      });
      expect(created.ok()).toBe(true);
      for (const [path, step] of noData) {
        await test.step(path, async () => {
          await page.goto(path);
          const control = await nextStep(page, step.role, step.name);
          await expectNothingWiderThanTheWindow(page);
          if (step.to) {
            await control.click();
            await expect(page).toHaveURL(step.to);
            const section = step.name === 'Install the snippet' ? 'Tracking Script' : 'Conversion Goals';
            await expect(page.getByRole('heading', { name: section, exact: true })).toBeInViewport();
          }
        });
      }
    });
  });
}
