import { describe, expect, it } from 'vitest';
import type { AuthDebugRepository } from '../../storage/sql/debug/auth-debug.repository';
import { RateLimits } from '../rate-limits';
import { AuthDebugService, assuranceLevels, type CredentialChecker } from './auth-debug.service';
import type { AuthDiagnosticsSources } from './auth-diagnostics-sources';

const ada = { id: 'u-ada', email: 'ada@shop.test', sessionId: 's1' };
const noon = new Date('2026-11-25T12:00:30.000Z');

function service(limit: number) {
  const checked: string[] = [];
  const check: CredentialChecker = async (email, password) => {
    checked.push(email);
    return password === 'right password' ? { userId: 'u-ada', email, emailVerified: true } : null;
  };
  const repository = { totpFactors: async () => [] } as unknown as AuthDebugRepository;
  const sources: AuthDiagnosticsSources = {
    factors: async () => [],
    configuredProviders: async () => [],
    mailTransport: async () => ({ kind: 'none', description: 'none' }),
    outbox: async () => [],
  };
  const debug = new AuthDebugService(
    repository,
    sources,
    check,
    new RateLimits(null).fixed('test', limit),
    () => noon,
  );
  return { debug, checked };
}

describe('auth debug sign-in test', () => {
  it('checks the trimmed email and tells whether it is the signed-in account', async () => {
    const { debug, checked } = service(10);
    expect(await debug.testSignIn(ada, { email: ' ada@shop.test ', password: 'right password' })).toEqual({
      ok: true,
      email: 'ada@shop.test',
      sameUser: true,
      emailVerified: true,
    });
    expect(checked).toEqual(['ada@shop.test']);
  });

  it('stops after the limit per user within the minute, without checking the password', async () => {
    const { debug, checked } = service(2);
    const attempt = (user = ada) => debug.testSignIn(user, { email: 'ada@shop.test', password: 'guess' });
    await attempt();
    await attempt();
    await expect(attempt()).rejects.toMatchObject({ statusCode: 429 });
    expect(checked).toHaveLength(2);
    await expect(attempt({ ...ada, id: 'u-bob' })).resolves.toEqual({
      ok: false,
      error: 'Authentication failed. Please try again.',
    });
  });
});

describe('assurance levels (spec §4)', () => {
  it('is aal1 without a verified factor and aal2 with one', () => {
    expect(assuranceLevels([])).toEqual({ current: 'aal1', next: 'aal1' });
    expect(assuranceLevels([{ id: 'f1', type: 'totp', verified: false }])).toEqual({
      current: 'aal1',
      next: 'aal1',
    });
    expect(assuranceLevels([{ id: 'f1', type: 'totp', verified: true }])).toEqual({
      current: 'aal2',
      next: 'aal2',
    });
  });
});
