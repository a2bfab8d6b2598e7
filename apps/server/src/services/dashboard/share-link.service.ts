import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type Breakdown,
  type BreakdownFilters,
  type Dashboard,
  type DashboardRange,
  messages,
  type NewShareLink,
  type NewShareLinkResult,
  SHARE_TOKEN_PREFIX,
  type ShareAccess,
  type SharedWebsite,
  type ShareLink,
} from '@ocx/contracts';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../errors';
import type { ShareLinkRepository } from '../../storage/dashboard/share-link.repository';
import type { BreakdownRequest, BreakdownService } from '../breakdowns/breakdown.service';
import type { Access, CurrentUser } from '../platform/access';
import { type Limit, RateLimits } from '../platform/rate-limits';
import type { DashboardService } from './dashboard.service';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** Password tries per client address and minute, all links together. */
const UNLOCK_TRIES_PER_MINUTE = 10;
/** A view updates "last viewed" at most this often (a dashboard polls; the row need not). */
const TOUCH_EVERY_MS = 60_000;

interface ShareLinkSettings {
  publicUrl: string;
  /** Signs the proof of a link's password (the server's auth secret). */
  secret: string;
  /** Where password tries per client address are counted (shared by the app servers with Redis). */
  limits?: RateLimits;
  /** How link passwords are hashed and checked: better-auth's scrypt unless a test brings its own. */
  passwords?: PasswordHasher;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

const BETTER_AUTH_PASSWORDS: PasswordHasher = { hash: hashPassword, verify: verifyPassword };

/**
 * Read-only links to one website's dashboard for clients and teammates without accounts. The link
 * is a capability: only a SHA-256 of its token is kept and it is shown once. An optional password
 * (hashed by better-auth) is proven once per browser; the proof is an HMAC of the link and its
 * password hash, so revoking the link or deleting the website ends it. A missing or wrong password
 * is 403, not 401: 401 means "your session ended" to the web app, and a visitor has none.
 */
export class ShareLinkService {
  private readonly unlockLimiter: Limit;
  private readonly passwords: PasswordHasher;

  constructor(
    private readonly links: ShareLinkRepository,
    private readonly access: Access,
    private readonly reports: { dashboard: DashboardService; breakdowns: BreakdownService },
    private readonly settings: ShareLinkSettings,
    private readonly clock: () => number = Date.now,
  ) {
    const limits = settings.limits ?? new RateLimits(null);
    this.unlockLimiter = limits.sliding('share-unlock', UNLOCK_TRIES_PER_MINUTE);
    this.passwords = settings.passwords ?? BETTER_AUTH_PASSWORDS;
  }

  async create(user: CurrentUser, websiteId: string, input: NewShareLink): Promise<NewShareLinkResult> {
    await this.access.website(user, websiteId, 'write');
    const token = `${SHARE_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
    const row = {
      id: randomUUID(),
      website_id: websiteId,
      prefix: token.slice(0, SHARE_TOKEN_PREFIX.length + 4),
      token_hash: sha256(token),
      password_hash: input.password === null ? null : await this.passwords.hash(input.password),
      created_by: user.id,
      created_at: new Date(this.clock()).toISOString(),
      last_viewed_at: null,
    };
    const link = await this.links.insert(row);
    return { ...link, url: `${this.settings.publicUrl}/share/${token}` };
  }

  async list(user: CurrentUser, websiteId: string): Promise<ShareLink[]> {
    await this.access.website(user, websiteId, 'write');
    return this.links.listByWebsite(websiteId);
  }

  async revoke(user: CurrentUser, websiteId: string, shareId: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.links.delete(websiteId, shareId))) throw new NotFoundError('Shared link not found');
  }

  /** Whose dashboard a link shows, before any password. */
  async describe(token: string): Promise<SharedWebsite> {
    const link = await this.resolve(token);
    return {
      websiteName: link.name,
      rootDomain: link.root_domain,
      passwordProtected: link.password_hash !== null,
    };
  }

  /** Checks a link's password (rate limited per client address) and returns the proof to send back. */
  async unlock(token: string, password: string, clientAddress: string): Promise<ShareAccess> {
    if (!(await this.unlockLimiter.allow(clientAddress, this.clock()))) {
      throw new TooManyRequestsError(messages.shares.tooManyAttempts);
    }
    const link = await this.resolve(token);
    if (link.password_hash === null) return { access: '' };
    if (!(await this.passwords.verify({ hash: link.password_hash, password }))) {
      throw new ForbiddenError(messages.shares.wrongPassword);
    }
    return { access: this.proof(link.id, link.password_hash) };
  }

  async dashboard(
    token: string,
    access: string | undefined,
    range: DashboardRange,
    filters: BreakdownFilters,
  ): Promise<Dashboard> {
    const link = await this.open(token, access);
    return this.reports.dashboard.forWebsite(
      {
        id: link.website_id,
        attribution_model: link.attribution_model,
        timezone: link.timezone,
        rollup_rebuilt_until: link.rollup_rebuilt_until,
      },
      range,
      filters,
    );
  }

  /** The shared dashboard's breakdown panels, under the same password and filters. */
  async breakdown(token: string, access: string | undefined, request: BreakdownRequest): Promise<Breakdown> {
    const link = await this.open(token, access);
    return this.reports.breakdowns.forWebsite(
      { id: link.website_id, timezone: link.timezone, rollup_rebuilt_until: link.rollup_rebuilt_until },
      request,
    );
  }

  /** A link that exists and, when it has a password, was proven; notes when it was last viewed. */
  private async open(token: string, access: string | undefined) {
    const link = await this.resolve(token);
    if (link.password_hash !== null && !this.proves(access, link.id, link.password_hash)) {
      throw new ForbiddenError(messages.shares.passwordRequired);
    }
    const now = this.clock();
    const seen = link.last_viewed_at?.getTime() ?? 0;
    if (now - seen > TOUCH_EVERY_MS) await this.links.touch(link.id, new Date(now).toISOString());
    return link;
  }

  private async resolve(token: string) {
    const link = token.startsWith(SHARE_TOKEN_PREFIX)
      ? await this.links.findByHash(sha256(token))
      : undefined;
    if (!link) throw new NotFoundError(messages.shares.notFound);
    return link;
  }

  private proof(linkId: string, passwordHash: string): string {
    return createHmac('sha256', this.settings.secret)
      .update(`share:${linkId}:${passwordHash}`)
      .digest('base64url');
  }

  private proves(access: string | undefined, linkId: string, passwordHash: string): boolean {
    if (!access) return false;
    const expected = Buffer.from(this.proof(linkId, passwordHash));
    const given = Buffer.from(access);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
