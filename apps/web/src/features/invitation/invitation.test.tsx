import { type InvitationPreview, messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import InvitationPage from './invitation.page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const preview = (over: Partial<InvitationPreview> = {}): InvitationPreview => ({
  organizationName: 'ann@example.com',
  email: 'new@example.com',
  role: 'viewer',
  expiresAt: '2099-01-01T00:00:00.000Z',
  expired: false,
  ...over,
});

function open(answer: { status?: number; body: unknown }, session: unknown = null) {
  const api = fakeApi({
    [`/api/invitations/${TOKEN}`]: () => answer,
    '/api/auth/get-session': () => ({ body: session }),
    '/api/auth/send-verification-email': () => ({ body: { status: true } }),
  });
  renderScreen(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationPage />} />
    </Routes>,
    `/invitations/${TOKEN}`,
  );
  return api;
}
const signedInAs = (email: string, emailVerified: boolean) => ({
  user: { id: 'u1', email, emailVerified },
  session: { id: 's' },
});

describe('invitation page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a signed-out visitor sign-up with the invited address and sign-in, both coming back here', async () => {
    open({ body: preview() });
    expect(
      await screen.findByText('new@example.com is invited to join ann@example.com as a viewer.'),
    ).toBeTruthy();
    const next = encodeURIComponent(`/invitations/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Sign up to accept' }).getAttribute('href')).toBe(
      `/signup?next=${next}&email=new%40example.com`,
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login?next=${next}`);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('lets a signed-in user accept, and warns when they are signed in with another address', async () => {
    open({ body: preview() }, { user: { id: 'u1', email: 'other@example.com' }, session: { id: 's' } });
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    expect(
      screen.getByText('You are signed in as other@example.com. Sign in with new@example.com to accept.'),
    ).toBeTruthy();
  });

  it('asks the invitee to verify the address first, offers the mail again, and hides Accept until then', async () => {
    const { requests } = open({ body: preview() }, signedInAs('new@example.com', false));
    expect(await screen.findByText(messages.members.verifyFirst)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send the verification mail again' }));
    expect((await screen.findByRole('status')).textContent).toBe(messages.auth.verificationSent);
    expect(requestsTo(requests, '/api/auth/send-verification-email')).toHaveLength(1);
  });

  it('offers Accept to the invitee whose address is verified', async () => {
    open({ body: preview() }, signedInAs('New@example.com', true));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    expect(screen.queryByText(messages.members.verifyFirst)).toBeNull();
    expect(screen.queryByText(/You are signed in as/)).toBeNull();
  });

  it('says an expired invitation has expired and offers no way to accept it', async () => {
    open({ body: preview({ expired: true }) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has expired. Ask the organization for a new one.',
    );
    expect(screen.queryByRole('link', { name: 'Sign up to accept' })).toBeNull();
  });

  it("shows the server's answer for a link that no longer works", async () => {
    open({
      status: 404,
      body: { error: 'This invitation was revoked, accepted already, or never existed.' },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation was revoked, accepted already, or never existed.',
    );
  });
});
