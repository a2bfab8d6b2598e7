import { expect, test } from '@playwright/test';
import { confirmDelete, expectFieldError } from './helpers';
import { setUpWorkspace } from './workspace-helpers';

test('sources: the seeded defaults with computed metrics, the required name, create and delete', async ({
  page,
  request,
}) => {
  await setUpWorkspace(page, request, 'sources');
  await page.goto('/sources');
  const cards = page.getByTestId('source-card');
  await expect(cards).toHaveCount(4);
  for (const [name, description] of [
    ['Search', 'Search engine traffic'],
    ['Social', 'Social media traffic'],
    ['Display', 'Display advertising'],
    ['Shopping', 'Shopping campaigns'],
  ] as const) {
    const card = cards.filter({ hasText: name });
    await expect(card).toContainText(description);
    // Never the spec's demo figures: nothing was tracked yet. Its clicks are campaign clicks.
    await expect(card.locator('[data-metric="Campaign clicks"]')).toContainText('0');
    await expect(card.locator('[data-metric="Conv. Rate"]')).toContainText('0.0%');
  }

  await page.getByRole('button', { name: 'New Source' }).click();
  const modal = page.getByRole('dialog', { name: 'New Traffic Source' });
  await expect(modal.getByLabel('Description')).toHaveAttribute('rows', '3');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(modal.getByLabel('Source Name'), 'Please fill in all required fields');
  await modal.getByLabel('Source Name').fill('Email');
  await modal.getByLabel('Description').fill('Newsletter traffic');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(cards.filter({ hasText: 'Email' })).toContainText('Newsletter traffic');

  // Edit a source from its card, with the rules of New Source.
  await cards.filter({ hasText: 'Email' }).getByRole('button', { name: 'Edit source' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit source "Email"' });
  await expect(edit.getByLabel('Source Name')).toHaveValue('Email');
  await edit.getByLabel('Source Name').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(edit.getByLabel('Source Name'), 'Please fill in all required fields');
  await edit.getByLabel('Source Name').fill('Newsletter');
  await edit.getByLabel('Description').fill('Monthly newsletter');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(cards.filter({ hasText: 'Newsletter' })).toContainText('Monthly newsletter');
  await expect(cards.filter({ hasText: 'Email' })).toHaveCount(0);
  await page.reload();
  await expect(cards.filter({ hasText: 'Newsletter' })).toContainText('Monthly newsletter');

  for (const name of ['Search', 'Social', 'Display', 'Shopping', 'Newsletter']) {
    await cards.filter({ hasText: name }).getByRole('button', { name: 'Delete source' }).click();
    await confirmDelete(page, `Delete source "${name}"`);
    await expect(cards.filter({ hasText: name })).toHaveCount(0);
  }
  await expect(
    page.getByText('No traffic sources configured yet. Click the button above to add your first source.'),
  ).toBeVisible();
  // Deleted defaults stay deleted.
  await page.reload();
  await expect(cards).toHaveCount(0);
});
