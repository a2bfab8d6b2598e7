import { messages } from '@ocx/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { SignupPage } from './signup.page';

const SIGN_UP = '/api/auth/sign-up/email';
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });
const passwordField = () => screen.getByLabelText(/^Password/);
const create = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('sign-up form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing under each field, once for the form, and sends nothing', async () => {
    const { requests } = fakeApi({ [SIGN_UP]: () => ({ body: {} }) });
    renderScreen(<SignupPage />, '/signup');
    await create();
    expectFieldError(emailField(), messages.auth.emailRequired);
    expectFieldError(passwordField(), messages.auth.passwordRequired);
    expect(screen.getByText(messages.auth.termsRequired)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.auth.missingCredentials);
    expect(requestsTo(requests, SIGN_UP)).toHaveLength(0);

    await userEvent.type(emailField(), 'ann@example.com');
    expect(emailField().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('puts the server refusal of an address under the email field in plain words', async () => {
    const { requests } = fakeApi({
      [SIGN_UP]: () => ({
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' },
      }),
    });
    renderScreen(<SignupPage />, '/signup');
    await userEvent.type(emailField(), 'ann..x@example.com');
    await userEvent.type(passwordField(), 'correct horse battery');
    await userEvent.click(screen.getByLabelText(/I agree to the Terms of Service/));
    await create();
    await vi.waitFor(() => expectFieldError(emailField(), messages.auth.invalidEmail));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo(requests, SIGN_UP)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', false);
  });

  it('refuses a common password at the field, in the server’s words, before asking it', async () => {
    const { requests } = fakeApi({ [SIGN_UP]: () => ({ body: {} }) });
    renderScreen(<SignupPage />, '/signup');
    await userEvent.type(emailField(), 'ann@example.com');
    await userEvent.type(passwordField(), 'password12');
    await userEvent.click(screen.getByLabelText(/I agree to the Terms of Service/));
    await create();
    expectFieldError(passwordField(), messages.auth.passwordTooCommon);
    expect(requestsTo(requests, SIGN_UP)).toHaveLength(0);
  });

  it('offers to sign in with an address that already has an account', async () => {
    fakeApi({
      [SIGN_UP]: () => ({
        status: 422,
        body: {
          code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
          message: 'User already exists. Use another email.',
        },
      }),
    });
    renderScreen(<SignupPage />, '/signup');
    await userEvent.type(emailField(), 'ann@example.com');
    await userEvent.type(passwordField(), 'correct horse battery');
    await userEvent.click(screen.getByLabelText(/I agree to the Terms of Service/));
    await create();
    await vi.waitFor(() => expectFieldError(emailField(), `${messages.auth.accountExists} Sign in`));
    // The offer sits in the email field's error, as a link to the login with the address filled in.
    const error = document.getElementById(
      emailField().getAttribute('aria-describedby')?.split(' ').at(-1) ?? '',
    );
    const offer = within(error as HTMLElement).getByRole('link', { name: 'Sign in' });
    expect(offer.getAttribute('href')).toBe('/login?email=ann%40example.com');
  });

  it('links the Terms of Service and the Privacy Policy the server names', async () => {
    fakeApi({
      '/api/auth-providers': () => ({
        body: { providers: [], termsUrl: 'https://example.com/terms', privacyUrl: '/privacy' },
      }),
    });
    renderScreen(<SignupPage />, '/signup');
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
        'https://example.com/terms',
      ),
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });
});
