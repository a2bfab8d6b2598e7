import { NotFoundError } from '../../errors';
import { parseUserAgent } from '../../ingest/user-agent';
import type { AccountRepository } from '../../storage/sql/accounts/account.repository';
import type { CurrentUser } from '../access';
import type { WebsiteService } from '../website.service';

export interface ActiveSession {
  id: string;
  /** e.g. 'Firefox on Linux (desktop)'; 'Unknown device' without a user agent. */
  device: string;
  lastSeen: string;
  signedInAt: string;
  current: boolean;
  aal: 'aal1' | 'aal2';
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The signed-in user's own account: sessions, factors, sign-in methods, deletion. */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly websites: WebsiteService,
  ) {}

  /** Unexpired sessions, most recently used first; `current` marks the one asking. */
  async sessions(user: CurrentUser, currentSessionId: string | null): Promise<ActiveSession[]> {
    const now = Date.now();
    return (await this.accounts.sessions(user.id))
      .filter((s) => new Date(s.expiresAt).getTime() > now)
      .map((s) => ({
        id: s.id,
        device: describeDevice(s.userAgent),
        lastSeen: iso(s.updatedAt),
        signedInAt: iso(s.createdAt),
        current: s.id === currentSessionId,
        aal: s.aal === 'aal2' ? 'aal2' : 'aal1',
      }));
  }

  /**
   * The session's assurance level and the one the user needs (spec §4): aal2 once a verified
   * factor exists. `current` is null when the session is gone.
   */
  async assurance(
    user: CurrentUser,
    sessionId: string | null,
  ): Promise<{ current: 'aal1' | 'aal2' | null; required: 'aal1' | 'aal2' }> {
    const [sessions, factors] = await Promise.all([this.sessions(user, sessionId), this.factors(user)]);
    return {
      current: sessions.find((s) => s.current)?.aal ?? null,
      required: factors.some((f) => f.verified) ? 'aal2' : 'aal1',
    };
  }

  /** Signs one of the user's own sessions out; any other id is not found. */
  async revokeSession(user: CurrentUser, id: string): Promise<void> {
    if (!(await this.accounts.deleteSession(user.id, id))) throw new NotFoundError('Session not found');
  }

  /** Second factors; only verified ones count (spec §4). */
  async factors(user: CurrentUser): Promise<{ id: string; type: 'totp'; verified: boolean }[]> {
    return (await this.accounts.factors(user.id)).map((f) => ({
      id: f.id,
      type: 'totp',
      verified: f.verified === true || f.verified === 1,
    }));
  }

  /** How the user signs in: 'credential' (password) and any linked OAuth/OIDC provider. */
  async linkedProviders(user: CurrentUser): Promise<{ providerId: string; linkedAt: string }[]> {
    return (await this.accounts.signInMethods(user.id)).map((a) => ({
      providerId: a.providerId,
      linkedAt: iso(a.createdAt),
    }));
  }

  /**
   * Deletes the account: each website with its events (as deleting a website does), then the user
   * row, which takes the organization they own (one owner each), sessions and sign-in methods.
   */
  async deleteAccount(user: CurrentUser): Promise<void> {
    for (const site of await this.websites.list(user)) await this.websites.remove(user, site.id);
    await this.accounts.deleteUser(user.id);
  }
}

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, deviceType } = parseUserAgent(userAgent);
  const name = [browser, os].filter(Boolean).join(' on ') || 'Unknown browser';
  return `${name} (${deviceType ?? 'desktop'})`;
}
