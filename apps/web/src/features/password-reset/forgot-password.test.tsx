import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { ForgotPasswordPage } from './forgot-password.page';

const REQUEST = '/api/auth/request-password-reset';
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

describe('forgot password screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says an empty address under the email field, then sends one and says a link is on its way', async () => {
    const { requests } = fakeApi({ [REQUEST]: () => ({ body: { status: true } }) });
    renderScreen(<ForgotPasswordPage />, '/forgot-password');
    await send();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expectFieldError(email, 'Please enter your email');
    expect(requests).toHaveLength(0);

    await userEvent.type(email, 'ann@example.com');
    await send();
    expect(await screen.findByText(messages.auth.resetSent)).toBeTruthy();
    expect(requestsTo(requests, REQUEST)).toHaveLength(1);
  });
});
