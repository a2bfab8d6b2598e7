import { describe, expect, it } from 'vitest';
import type { AuthDebugRepository } from '../../storage/debug/auth-debug.repository';
import { RateLimits } from '../platform/rate-limits';
import {
  AuthDebugService,
  assuranceLevels,
  type CredentialChecker,
  SIGN_IN_TESTS_PER_ADDRESS,
  signInTestLimits,
} from './auth-debug.service';
import type { AuthDiagnosticsSources } from './auth-diagnostics-sources';

const ada = { id: 'u-ada', email: 'ada@shop.test', sessionId: 's1' };
const noon = new Date('2026-11-25T12:00:30.000Z');

function service(limit: number) {
  const checked: string[] = [];
  const check: CredentialChecker = {
    checkCredentials: async (email, password) => {
      checked.push(email);
      return password === 'right password' ? { userId: 'u-ada', email, emailVerified: true } : null;
    },
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
    signInTestLimits(new RateLimits(null), limit),
    () => noon,
  );
  return { debug, checked };
}

describe('auth debug sign-in test', () => {
  const client = '192.0.2.1';

  it('checks the trimmed, lower-cased email and says only that it signs in', async () => {
    const { debug, checked } = service(10);
    const result = await debug.testSignIn(
      ada,
      { email: ' Ada@Shop.test ', password: 'right password' },
      client,
    );
    expect(result).toEqual({ ok: true });
    expect(checked).toEqual(['ada@shop.test']);
  });

  it('stops a client after the limit within the minute, without checking the password', async () => {
    const { debug, checked } = service(2);
    const attempt = (user = ada, from = client, email = `x${checked.length}@shop.test`) =>
      debug.testSignIn(user, { email, password: 'guess' }, from);
    await attempt();
    await attempt();
    await expect(attempt()).rejects.toMatchObject({ statusCode: 429 });
    await expect(attempt({ ...ada, id: 'u-bob' })).rejects.toMatchObject({ statusCode: 429 });
    await expect(attempt(ada, '192.0.2.2')).rejects.toMatchObject({ statusCode: 429 });
    expect(checked).toHaveLength(2);
    await expect(attempt({ ...ada, id: 'u-bob' }, '192.0.2.2')).resolves.toEqual({
      ok: false,
      error: 'Authentication failed. Please try again.',
    });
  });

  it('stops the tests of one address from any client after its own limit', async () => {
    const { debug, checked } = service(100);
    for (let i = 0; i < SIGN_IN_TESTS_PER_ADDRESS; i++)
      await debug.testSignIn(
        { ...ada, id: `u-${i}` },
        { email: 'ada@shop.test', password: 'guess' },
        `192.0.2.${i}`,
      );
    await expect(
      debug.testSignIn({ ...ada, id: 'u-new' }, { email: 'ADA@shop.test', password: 'guess' }, '192.0.2.99'),
    ).rejects.toThrow('Too many sign-in tests for this address. Please wait a minute and try again.');
    expect(checked).toHaveLength(SIGN_IN_TESTS_PER_ADDRESS);
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
