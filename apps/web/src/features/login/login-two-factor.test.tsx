import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { LoginPage } from './login.page';

describe('sign-in with a second factor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code after the password, refuses a wrong one and goes on with the right one', async () => {
    let accepted = false;
    const { requests } = fakeApi({
      '/api/auth/sign-in/email': () => ({ body: { twoFactorRedirect: true } }),
      '/api/auth/two-factor/verify-totp': () => {
        accepted =
          !accepted && requests.filter((u) => u.pathname === '/api/auth/two-factor/verify-totp').length > 1;
        return accepted
          ? { body: { token: 't' } }
          : { body: { code: 'INVALID_CODE', message: 'Invalid code' }, status: 401 };
      },
      '/api/auth/get-session': () => ({ body: null }),
    });
    renderScreen(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const codeField = await screen.findByLabelText(/^Authentication code/);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expectFieldError(codeField, messages.auth.secondFactorRequired);
    await userEvent.type(codeField, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expectFieldError(codeField, messages.auth.invalidCode));

    await userEvent.clear(codeField);
    await userEvent.type(codeField, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(requestsTo(requests, '/api/auth/get-session')).toHaveLength(1));
    expect(requestsTo(requests, '/api/auth/two-factor/verify-totp')).toHaveLength(2);
  });

  it('takes a backup code instead', async () => {
    const { requests } = fakeApi({
      '/api/auth/sign-in/email': () => ({ body: { twoFactorRedirect: true } }),
      '/api/auth/two-factor/verify-backup-code': () => ({ body: { token: 't' } }),
      '/api/auth/get-session': () => ({ body: null }),
    });
    renderScreen(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a backup code' }));
    await userEvent.type(screen.getByLabelText(/^Backup code/), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(requestsTo(requests, '/api/auth/get-session')).toHaveLength(1));
    expect(requestsTo(requests, '/api/auth/two-factor/verify-backup-code')).toHaveLength(1);
  });
});
