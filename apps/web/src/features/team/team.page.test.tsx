import type { Organization } from '@ocx/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import TeamPage from './team.page';

const org = (id: string, name: string, role: Organization['role']): Organization => ({
  id,
  name,
  plan: 'trial',
  status: 'trialing',
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  role,
});
const member = (userId: string, email: string, role: Organization['role']) => ({
  userId,
  email,
  role,
  status: 'active',
});

describe('team screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'No organization selected' in a red box when the user has none", async () => {
    fakeApi({ '/api/organizations': () => ({ body: [] }) });
    renderScreen(<TeamPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('No organization selected');
  });

  it("lists the first organization's members, and another's once it is chosen", async () => {
    fakeApi({
      '/api/organizations': () => ({ body: [org('o1', 'Ann', 'owner'), org('o2', 'Bob', 'viewer')] }),
      '/api/organizations/o1/members': () => ({ body: [member('u1', 'ann@example.com', 'owner')] }),
      '/api/organizations/o1/invitations': () => ({ body: [] }),
      '/api/organizations/o2/members': () => ({ body: [member('u2', 'bob@example.com', 'owner')] }),
    });
    renderScreen(<TeamPage />);
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('ann@example.com')).toBeTruthy();
    expect(within(members).getByRole('button', { name: 'Invite' })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Organization' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bob (Viewer)' }));
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
    // A viewer sees who is in, and invites nobody.
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
  });
});
