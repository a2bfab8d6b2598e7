import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { LoginPage } from './login.page';

const SIGN_IN = '/api/auth/sign-in/email';
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });
const passwordField = () => screen.getByLabelText(/^Password/);
const signIn = () => userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('sign-in form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says an empty password under its field and once for the form, and sends nothing', async () => {
    const { requests } = fakeApi({ [SIGN_IN]: () => ({ body: {} }) });
    renderScreen(<LoginPage />, '/login');
    await userEvent.type(emailField(), 'ann@example.com');
    await signIn();
    expectFieldError(passwordField(), messages.auth.passwordRequired);
    expect(emailField().getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(messages.auth.missingCredentials);
    expect(requestsTo(requests, SIGN_IN)).toHaveLength(0);
  });

  it("shows the server's refusal above the button", async () => {
    fakeApi({
      [SIGN_IN]: () => ({
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      }),
    });
    renderScreen(<LoginPage />, '/login');
    await userEvent.type(emailField(), 'ann@example.com');
    await userEvent.type(passwordField(), 'wrong password');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });
});
