import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
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
});
