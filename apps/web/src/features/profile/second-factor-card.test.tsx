import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { SecondFactorCard } from './second-factor-card';

const ENABLE = '/api/auth/two-factor/enable';
const session = () => ({
  body: { user: { id: 'u1', email: 'ann@example.com', twoFactorEnabled: false }, session: { id: 's' } },
});
const passwordField = () => screen.getByLabelText(/^Password/);
const setUp = () => userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));

describe('two-factor card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says an empty password under its field and asks nothing', async () => {
    const { requests } = fakeApi({ '/api/auth/get-session': session, [ENABLE]: () => ({ body: {} }) });
    renderScreen(<SecondFactorCard />);
    await setUp();
    expectFieldError(passwordField(), messages.auth.passwordRequired);
    expect(requestsTo(requests, ENABLE)).toHaveLength(0);
  });

  it('puts a wrong password under its field, and a wrong first code under the code field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { code: 'INVALID_PASSWORD', message: 'Invalid password' },
    };
    fakeApi({
      '/api/auth/get-session': session,
      [ENABLE]: () => answer,
      '/api/auth/two-factor/verify-totp': () => ({ status: 401, body: { message: 'Invalid code' } }),
    });
    renderScreen(<SecondFactorCard />);
    await userEvent.type(passwordField(), 'wrong password');
    await setUp();
    await vi.waitFor(() => expectFieldError(passwordField(), 'Invalid password'));
    expect(screen.queryByRole('alert')).toBeNull();

    answer = {
      status: 200,
      body: { totpURI: 'otpauth://totp/OCX:ann?secret=JBSWY3DPEHPK3PXP', backupCodes: ['abcde-fghij'] },
    };
    await setUp();
    const code = await screen.findByRole('textbox', { name: /^Authentication code/ });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await vi.waitFor(() => expectFieldError(code, messages.auth.invalidCode));
  });
});
