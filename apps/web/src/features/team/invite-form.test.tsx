import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { InviteForm } from './invite-form';

const INVITATIONS = '/api/organizations/org-1/invitations';
const VERIFY_FIRST = 'Verify your email address before inviting anyone.';
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });
const invite = () => userEvent.click(screen.getByRole('button', { name: 'Invite' }));

describe('invite form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says an address without a domain under the email field and sends nothing', async () => {
    const { requests } = fakeApi({ [INVITATIONS]: () => ({ status: 201, body: {} }) });
    renderScreen(<InviteForm organizationId="org-1" />);
    await userEvent.type(emailField(), 'bob@example');
    await invite();
    expectFieldError(emailField(), messages.auth.invalidEmail);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo(requests, INVITATIONS)).toHaveLength(0);
  });

  it("shows the server's refusal above the form's end", async () => {
    fakeApi({ [INVITATIONS]: () => ({ status: 403, body: { error: VERIFY_FIRST } }) });
    renderScreen(<InviteForm organizationId="org-1" />);
    await userEvent.type(emailField(), 'bob@example.com');
    await invite();
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_FIRST);
    expect(emailField().getAttribute('aria-invalid')).not.toBe('true');
  });
});
