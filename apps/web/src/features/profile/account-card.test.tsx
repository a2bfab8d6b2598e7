import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { AccountCard } from './account-card';

const session = () => ({
  body: {
    user: { id: 'u1', name: 'Ann', email: 'ann@example.com', emailVerified: true },
    session: { id: 's' },
  },
});

describe('account card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says an address without a domain under the email field and sends nothing', async () => {
    const { requests } = fakeApi({
      '/api/auth/get-session': session,
      '/api/auth/change-email': () => ({ body: {} }),
    });
    renderScreen(<AccountCard />);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await userEvent.type(email, 'new@example');
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expectFieldError(email, messages.auth.invalidEmail);
    expect(requestsTo(requests, '/api/auth/change-email')).toHaveLength(0);
  });

  it('puts a wrong current password under that field, and other refusals above the form end', async () => {
    let answer = { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } };
    fakeApi({ '/api/auth/get-session': session, '/api/auth/change-password': () => answer });
    renderScreen(<AccountCard />);
    const current = screen.getByLabelText(/^Current password/);
    await userEvent.type(current, 'wrong password');
    await userEvent.type(screen.getByLabelText(/^New password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expectFieldError(current, 'Invalid password'));
    expect(screen.queryByRole('alert')).toBeNull();

    answer = { status: 400, body: { code: 'PASSWORD_TOO_LONG', message: 'Password too long' } };
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password too long');
    expect(current.getAttribute('aria-invalid')).not.toBe('true');
  });
});
