import { ModalsProvider } from '@mantine/modals';
import { type Member, messages, type Organization } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { MembersCard } from './members-card';

const org = (role: Organization['role']): Organization => ({
  id: 'org-1',
  name: 'ann@example.com',
  plan: 'trial',
  status: 'trialing',
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  role,
});
const MEMBERS: Member[] = [
  { userId: 'u-ann', email: 'ann@example.com', role: 'owner', status: 'active' },
  { userId: 'u-bob', email: 'bob@example.com', role: 'viewer', status: 'active' },
  { userId: 'u-dan', email: 'dan@example.com', role: 'admin', status: 'waiting_for_verification' },
];
const LAST_OWNER = 'The last owner cannot be removed. Make another member an owner first.';

function open(role: Organization['role'], selfId: string, extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    '/api/auth/get-session': () => ({
      body: { user: { id: selfId, email: `${selfId}@example.com` }, session: { id: 's' } },
    }),
    '/api/organizations/org-1/members': () => ({ body: MEMBERS }),
    '/api/organizations/org-1/invitations': () => ({
      body: [
        {
          id: 'inv-1',
          email: 'cat@example.com',
          role: 'admin',
          expiresAt: '2099-01-01T00:00:00.000Z',
          createdAt: '2098-12-25T00:00:00.000Z',
        },
      ],
    }),
    ...extra,
  });
  renderScreen(
    <ModalsProvider>
      <MembersCard organization={org(role)} />
    </ModalsProvider>,
  );
  return api;
}

describe('members card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives the owner a role choice and Remove for others, never for the owner's own place", async () => {
    open('owner', 'u-ann');
    expect(await screen.findByRole('combobox', { name: 'Role of bob@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove bob@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove ann@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave organization' })).toBeNull();
    expect(await screen.findByText('cat@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke the invitation for cat@example.com' })).toBeTruthy();
  });

  it('says which members wait for verification, and how invitations work', async () => {
    open('viewer', 'u-bob');
    const dan = (await screen.findByText('dan@example.com')).closest('li');
    expect(dan?.textContent).toContain(messages.members.waitingForVerification);
    const bob = screen.getByText('bob@example.com').closest('li');
    expect(bob?.textContent).not.toContain(messages.members.waitingForVerification);
    expect(screen.getByText(messages.members.howInvitationsWork)).toBeTruthy();
  });

  it('offers Owner in the role menu to an owner, who confirms before making someone an owner', async () => {
    const { requests } = open('owner', 'u-ann', {
      '/api/organizations/org-1/members/u-bob': () => ({
        body: { ...MEMBERS[1], role: 'owner' },
      }),
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Role of bob@example.com' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Admin', 'Viewer']);
    await userEvent.click(screen.getByRole('option', { name: 'Owner' }));
    expect(await screen.findByText('Make bob@example.com an owner?')).toBeTruthy();
    expect(requestsTo(requests, '/api/organizations/org-1/members/u-bob')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Make owner' }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, '/api/organizations/org-1/members/u-bob')).toHaveLength(1),
    );
  });

  it('never offers Owner to an admin, nor a way to change an owner', async () => {
    open('admin', 'u-eve');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Role of bob@example.com' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Admin', 'Viewer']);
    expect(screen.queryByRole('combobox', { name: 'Role of ann@example.com' })).toBeNull();
  });

  it('shows a viewer the members only, with Leave and no invitations or changes', async () => {
    const { requests } = open('viewer', 'u-bob');
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave organization' })).toBeTruthy();
    expect(requestsTo(requests, '/api/organizations/org-1/invitations')).toHaveLength(0);
  });

  it("shows the server's refusal in a red box when a removal is refused", async () => {
    open('owner', 'u-ann', {
      '/api/organizations/org-1/members/u-bob': () => ({ status: 400, body: { error: LAST_OWNER } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove bob@example.com' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove member' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LAST_OWNER);
  });
});
