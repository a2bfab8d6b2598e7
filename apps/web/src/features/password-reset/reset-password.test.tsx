import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { ResetPasswordPage } from './reset-password.page';

async function setPassword(password: string, repeat = password) {
  await userEvent.type(screen.getByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/^Repeat the new password/), repeat);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the link's token with the new password and says it is done", async () => {
    const { requests } = fakeApi({ '/api/auth/reset-password': () => ({ body: { status: true } }) });
    renderScreen(<ResetPasswordPage />, '/reset-password?token=abc123');
    await setPassword('a new long password');
    expect(await screen.findByText(messages.auth.passwordReset)).toBeTruthy();
    expect(requestsTo(requests, '/api/auth/reset-password')).toHaveLength(1);
  });

  it('refuses two different passwords before asking the server', async () => {
    const { requests } = fakeApi({});
    renderScreen(<ResetPasswordPage />, '/reset-password?token=abc123');
    await setPassword('a new long password', 'another password');
    expectFieldError(screen.getByLabelText(/^Repeat the new password/), messages.auth.passwordsDiffer);
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).not.toBe('true');
    expect(requests).toHaveLength(0);
  });

  it("shows the spec's token text for a used or expired link", async () => {
    fakeApi({
      '/api/auth/reset-password': () => ({
        body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
        status: 400,
      }),
    });
    renderScreen(<ResetPasswordPage />, '/reset-password?token=used');
    await setPassword('a new long password');
    expect(await screen.findByText(messages.auth.tokenVerification)).toBeTruthy();
  });
});
