import { type LandingPage, messages } from '@ocx/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import { LandingPageFormModal } from './landing-page-form-modal';

const kettle = { id: 'lp1', websiteId: 'w1', name: 'Kettle', path: 'kettle' } as LandingPage;

function open(page: LandingPage | null = null) {
  const api = fakeApi({
    '/api/websites/w1/landing-pages': () => ({ status: 201, body: { ...kettle, id: 'lp2' } }),
    '/api/websites/w1/landing-pages/lp1': () => ({ body: kettle }),
  });
  renderScreen(
    <LandingPageFormModal website={websiteFixture()} page={page} opened onClose={() => undefined} />,
  );
  return api;
}
const name = () => screen.getByRole('textbox', { name: /^Name/ });
const path = () => screen.getByRole('textbox', { name: /^Path/ });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('landing page form', () => {
  it('marks an empty name and a page of another domain at once, and sends nothing', async () => {
    const { calls } = open();
    await userEvent.type(path(), 'https://other.test/spring');
    await save();
    expectFieldError(name(), 'Please enter a landing page name');
    expectFieldError(
      path(),
      "Landing pages are pages of shop.test: give the path (like products/pour-over-kit) or the page's address on shop.test.",
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates a nested path, and sends a pasted address of the page as its path', async () => {
    const { calls } = open();
    await userEvent.type(name(), 'Pour-over kit');
    await userEvent.type(path(), 'https://shop.test/products/pour-over-kit/');
    await save();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Pour-over kit',
        path: 'products/pour-over-kit',
      }),
    );
  });

  it('edits a page with the same rules', async () => {
    const { calls } = open(kettle);
    expect(screen.getByRole('dialog', { name: 'Edit landing page "Kettle"' })).toBeTruthy();
    await userEvent.clear(path());
    await userEvent.type(path(), 'products/gooseneck kettle');
    await save();
    expectFieldError(path(), messages.landingPages.path);
    await userEvent.clear(path());
    await userEvent.type(path(), 'products/gooseneck-kettle');
    await save();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/websites/w1/landing-pages/lp1',
        body: { name: 'Kettle', path: 'products/gooseneck-kettle' },
      }),
    );
  });
});
