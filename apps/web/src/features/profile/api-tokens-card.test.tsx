import { ModalsProvider } from '@mantine/modals';
import type { ApiToken, ApiTokenRevocation } from '@ocx/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/date-format';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { ApiTokensCard, REVOKE_TOKEN_CONFIRM } from './api-tokens-card';

const SECRET = 'ocx_pat_abcdefghijklmnopqrstuvwxyz012345';

/** A tiny token API in memory; it tells methods apart (the list and creation share a path). */
function fakeTokenApi(revocation: ApiTokenRevocation | null = null) {
  const tokens: ApiToken[] = [];
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://ocx.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    if (url.pathname === '/api/account/tokens' && method === 'GET') return Response.json(tokens);
    if (url.pathname === '/api/account/tokens/revocation') return Response.json({ revocation });
    if (url.pathname === '/api/account/tokens' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string; expiresInDays: number | null };
      if (body.name === 'taken')
        return Response.json(
          { error: 'A token with this name exists already', field: 'name' },
          { status: 409 },
        );
      const token: ApiToken = {
        id: 't1',
        name: body.name,
        prefix: SECRET.slice(0, 12),
        scope: 'read',
        createdAt: '2026-11-25T10:00:00Z',
        lastUsedAt: null,
        expiresAt: body.expiresInDays === null ? null : '2026-12-25T10:00:00Z',
      };
      tokens.push(token);
      return Response.json({ ...token, token: SECRET }, { status: 201 });
    }
    if (url.pathname === '/api/account/tokens/t1' && method === 'DELETE') {
      tokens.splice(0, tokens.length);
      return new Response(null, { status: 204 });
    }
    return Response.json({ error: 'not faked' }, { status: 404 });
  });
  return calls;
}

describe('API tokens on the profile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates a token shown once with a copy button, lists it without the secret, and asks before revoking', async () => {
    const calls = fakeTokenApi();
    renderScreen(
      <ModalsProvider>
        <ApiTokensCard />
      </ModalsProvider>,
    );
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    expect(screen.queryByTestId('api-tokens-revoked')).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Token name/), 'Reporting script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));

    expect((await screen.findByTestId('new-api-token')).textContent).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeTruthy();
    const list = await screen.findByTestId('api-tokens');
    expect(within(list).getByText('Reporting script')).toBeTruthy();
    expect(within(list).queryByText(SECRET)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke API token Reporting script' }));
    expect(await screen.findByText(REVOKE_TOKEN_CONFIRM)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DELETE /api/account/tokens/t1');

    await userEvent.click(screen.getByRole('button', { name: 'Revoke API token Reporting script' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
    await vi.waitFor(() => expect(calls).toContain('DELETE /api/account/tokens/t1'));
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
  });

  it('puts a refusal that names the token name under that field, and sends the form again once changed', async () => {
    const calls = fakeTokenApi();
    renderScreen(
      <ModalsProvider>
        <ApiTokensCard />
      </ModalsProvider>,
    );
    const name = await screen.findByLabelText(/^Token name/);
    await userEvent.type(name, 'taken');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await vi.waitFor(() => expectFieldError(name, 'A token with this name exists already'));
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(name, ' script');
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('new-api-token')).textContent).toBe(SECRET);
    expect(calls.filter((c) => c === 'POST /api/account/tokens')).toHaveLength(2);
  });

  it('says when and why OCX revoked the tokens', async () => {
    fakeTokenApi({ revokedAt: '2026-11-26T09:30:00Z', reason: 'second-factor-enrolled', count: 2 });
    renderScreen(
      <ModalsProvider>
        <ApiTokensCard />
      </ModalsProvider>,
    );
    const notice = await screen.findByTestId('api-tokens-revoked');
    expect(notice.textContent).toContain(
      `Your tokens were revoked on ${formatDateTime('2026-11-26T09:30:00Z')} because two-factor authentication was turned on (2 tokens).`,
    );
  });
});
