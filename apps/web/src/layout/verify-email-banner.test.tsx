import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../api/queries/use-session';
import { fakeApi, requestsTo } from '../test/fake-api';
import { renderScreen } from '../test/render-screen';
import { VerifyEmailBanner } from './verify-email-banner';

/** Shows once the session query has its answer, so a test knows the banner has had its chance. */
function SessionLoaded() {
  return useSession().data ? <span>session loaded</span> : null;
}

const session = (emailVerified: boolean) => ({
  body: {
    user: { id: 'u1', email: 'ann@example.com', name: 'ann', emailVerified },
    session: { id: 's1', expiresAt: '2030-01-01T00:00:00Z' },
  },
});

describe('email verification banner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks an unverified user to verify, resends on request and then counts down', async () => {
    const { requests } = fakeApi({
      '/api/auth/get-session': () => session(false),
      '/api/auth/send-verification-email': () => ({ body: { status: true } }),
    });
    renderScreen(<VerifyEmailBanner />);
    expect(await screen.findByText(/Please verify your email address/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(new RegExp(messages.auth.verificationSent))).toBeTruthy();
    expect(requestsTo(requests, '/api/auth/send-verification-email')).toHaveLength(1);
    expect((screen.getByRole('button', { name: /Resend in \d+ s/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says when the server wants the user to wait, and when a link was refused', async () => {
    fakeApi({
      '/api/auth/get-session': () => session(false),
      '/api/auth/send-verification-email': () => ({ body: { message: 'Too many requests' }, status: 429 }),
    });
    renderScreen(<VerifyEmailBanner />, '/dashboard?error=TOKEN_EXPIRED');
    expect(await screen.findByText(new RegExp(messages.auth.tokenVerification))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(new RegExp(messages.auth.waitBeforeResend))).toBeTruthy();
  });

  it('says no mail was sent on a server without SMTP, links the outbox and resends into it', async () => {
    const { requests } = fakeApi({
      '/api/auth/get-session': () => session(false),
      '/api/account/outbox': () => ({ body: { transport: 'log', mails: [] } }),
      '/api/auth/send-verification-email': () => ({ body: { status: true } }),
    });
    renderScreen(<VerifyEmailBanner />);
    expect(await screen.findByText(new RegExp(messages.auth.noMailSent))).toBeTruthy();
    expect(screen.queryByText(/We mailed you a link/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the outbox' }).getAttribute('href')).toBe('/outbox');
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(new RegExp(messages.auth.verificationInOutbox))).toBeTruthy();
    await vi.waitFor(() => expect(requestsTo(requests, '/api/account/outbox')).toHaveLength(2));
  });

  it('says the link was mailed when the server sends over SMTP', async () => {
    fakeApi({
      '/api/auth/get-session': () => session(false),
      '/api/account/outbox': () => ({ body: { transport: 'smtp', mails: [] } }),
    });
    renderScreen(<VerifyEmailBanner />);
    expect(await screen.findByText(/We mailed you a link/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the outbox' })).toBeNull();
  });

  it('shows nothing to a verified user', async () => {
    fakeApi({ '/api/auth/get-session': () => session(true) });
    renderScreen(
      <>
        <SessionLoaded />
        <VerifyEmailBanner />
      </>,
    );
    await screen.findByText('session loaded');
    expect(screen.queryByLabelText('Email verification')).toBeNull();
  });
});
