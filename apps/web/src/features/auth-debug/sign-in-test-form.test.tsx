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
    const { requests } = openForm({ ok: true, email: 'ada@shop.test', sameUser: true, emailVerified: false });
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You must provide either an email or phone number and a password',
    );
    expect(requestsTo(requests, '/api/debug/auth/sign-in-test')).toHaveLength(0);
  });

  it("shows the spec's text when the credentials do not sign in, and the account when they do", async () => {
    openForm({ ok: false, error: 'Authentication failed. Please try again.' });
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@shop.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Test Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed. Please try again.');

    fakeApi({
      '/api/debug/auth/sign-in-test': () => ({
        body: { ok: true, email: 'ada@shop.test', sameUser: true, emailVerified: false },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Test Sign In' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /sign in to your account \(ada@shop\.test, email not verified\)\. Your current session is unchanged\./,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
