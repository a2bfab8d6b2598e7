import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { PasswordlessSignIn } from './passwordless-sign-in';

describe('sign-in by code or link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an email first, in the spec’s words', async () => {
    const { requests } = fakeApi({});
    renderScreen(<PasswordlessSignIn initialEmail="" onSignedIn={async () => {}} onBack={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expectFieldError(screen.getByRole('textbox', { name: /^Email/ }), messages.auth.missingEmail);
    expect(requests).toHaveLength(0);
  });

  it('mails a code, then signs in with it', async () => {
    const signedIn = vi.fn(async () => {});
    const { requests } = fakeApi({
      '/api/auth/email-otp/send-verification-otp': () => ({ body: { success: true } }),
      '/api/auth/sign-in/email-otp': () => ({ body: { user: { id: 'u1' } } }),
    });
    renderScreen(
      <PasswordlessSignIn initialEmail="ann@example.com" onSignedIn={signedIn} onBack={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    await userEvent.type(await screen.findByLabelText(/^Sign-in code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(signedIn).toHaveBeenCalledOnce());
    expect(requestsTo(requests, '/api/auth/sign-in/email-otp')).toHaveLength(1);
  });

  it('says a refused code is invalid, and that a link is on its way', async () => {
    fakeApi({
      '/api/auth/email-otp/send-verification-otp': () => ({ body: { success: true } }),
      '/api/auth/sign-in/email-otp': () => ({
        body: { code: 'OTP_EXPIRED', message: 'OTP expired' },
        status: 400,
      }),
      '/api/auth/sign-in/magic-link': () => ({ body: { status: true } }),
    });
    const view = renderScreen(
      <PasswordlessSignIn initialEmail="ann@example.com" onSignedIn={async () => {}} onBack={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    const codeField = await screen.findByLabelText(/^Sign-in code/);
    await userEvent.type(codeField, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expectFieldError(codeField, messages.auth.invalidCode));
    view.unmount();
    renderScreen(
      <PasswordlessSignIn initialEmail="ann@example.com" onSignedIn={async () => {}} onBack={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(/Check your email for a sign-in link/)).toBeTruthy();
  });
});
