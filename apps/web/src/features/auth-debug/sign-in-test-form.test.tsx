import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { SignInTestForm } from './sign-in-test-form';

function openForm(answer: object) {
  const api = fakeApi({ '/api/debug/auth/sign-in-test': () => ({ body: answer }) });
  renderScreen(<SignInTestForm />);
  return api;
}

describe('sign-in test form', () => {
  it('asks for both fields before sending anything', async () => {
    const { requests } = openForm({ ok: true });
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You must provide an email and a password');
    expect(requestsTo(requests, '/api/debug/auth/sign-in-test')).toHaveLength(0);
  });

  it("shows the spec's text when the credentials do not sign in, and only that they sign in when they do", async () => {
    openForm({ ok: false, error: 'Authentication failed. Please try again.' });
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@shop.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed. Please try again.');

    fakeApi({
      '/api/debug/auth/sign-in-test': () => ({ body: { ok: true } }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Test Sign In' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'These credentials sign in (ada@shop.test). Your current session is unchanged.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s 429 text when there were too many tests', async () => {
    const tooMany = 'Too many sign-in tests for this address. Please wait a minute and try again.';
    fakeApi({ '/api/debug/auth/sign-in-test': () => ({ status: 429, body: { error: tooMany } }) });
    renderScreen(<SignInTestForm />);
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@shop.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'a guess');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
