import type { InvitationPreview } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
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
  fakeApi({
    [`/api/invitations/${TOKEN}`]: () => answer,
    '/api/auth/get-session': () => ({ body: session }),
  });
  renderScreen(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationPage />} />
    </Routes>,
    `/invitations/${TOKEN}`,
  );
}

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
