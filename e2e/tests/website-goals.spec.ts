import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expectFieldError, signUpInBrowser } from './helpers';
import { orderCountedTwice } from './overlap-helpers';
import { createWebsite, save, websites } from './website-config-helpers';

test.describe('Website Configuration: conversion goals', () => {
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

  test('a goal is edited in place, and a second goal matching the same event is refused at its field', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    const site = await createWebsite(page);
    await page.request.post(`/api/websites/${site.id}/goals`, {
      headers: { origin: BASE_URL },
      data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
    });
    await page.goto('/website-config');
    await page.getByRole('button', { name: 'Edit goal Purchase' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Conversion Goal' });
    await expect(edit.getByLabel('Event Name')).toHaveValue('purchase');
    await edit.getByLabel('Goal Name').fill('Order');
    await edit.getByLabel('Goal Value').fill('30');
    await edit.getByRole('button', { name: 'Save Goal' }).click();
    await expect(page.getByText('Goal "Order" saved')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Order' });
    await expect(row).toContainText('purchase');
    await expect(row).toContainText('30');

    await page.getByRole('button', { name: 'Add Goal' }).click();
    const add = page.getByRole('dialog', { name: 'New Conversion Goal' });
    await add.getByLabel('Goal Name').fill('Checkout');
    await add.getByLabel('Event').check();
    await add.getByLabel('Event Name').fill('purchase');
    await add.getByRole('button', { name: 'Add Goal' }).click();
    await expectFieldError(
      add.getByLabel('Event Name'),
      'Goal "Order" already matches this event name: each conversion would count twice',
    );
    expect((await websites(page))[0].goals).toHaveLength(1);
  });

  test('valued goals that count one order twice are named in a warning, with the goal to edit', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    const site = await createWebsite(page);
    await orderCountedTwice(page, site.id);
    await page.goto('/website-config');
    const warning = page.getByTestId('goal-overlap-warning');
    await expect(warning).toContainText('Goals that may count the same sale twice');
    await expect(warning).toContainText(
      '“Purchase” and “Thank you page” both gave a value in the same visit, within 30 minutes of each other, once in the last 90 days.',
    );
    // Clearing the thank-you page's own value ends it.
    await warning.getByRole('button', { name: 'Edit “Thank you page”' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Conversion Goal' });
    await edit.getByLabel('Goal Value').fill('');
    await edit.getByRole('button', { name: 'Save Goal' }).click();
    await expect(page.getByText('Goal "Thank you page" saved')).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});
