import { createHash } from 'node:crypto';
import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../errors';
import type { ResolvedShareLink, ShareLinkRepository } from '../../storage/dashboard/share-link.repository';
import { accessTo, member, viewerAccess } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import type { BreakdownRequest, BreakdownService } from '../breakdowns/breakdown.service';
import type { Limit, RateLimits } from '../platform/rate-limits';
import type { DashboardService } from './dashboard.service';
import { type PasswordHasher, ShareLinkService } from './share-link.service';

const NOW = Date.UTC(2026, 10, 25, 12);
const TOKEN = 'ocx_share_abcdefghijklmnopqrstuvwxyz012345';
const PASSWORD = 'correct horse battery';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const link = (overrides: Partial<ResolvedShareLink> = {}): ResolvedShareLink => ({
  id: 's1',
  website_id: 'w1',
  password_hash: null,
  last_viewed_at: null,
  name: 'Shop',
  root_domain: 'shop.example',
  attribution_model: 'linear',
  timezone: 'Europe/Berlin',
  rollup_rebuilt_until: null,
  ...overrides,
});

// better-auth's scrypt takes a good part of a second per call; the route tests use the real one.
const fakeHash = (p: string) => `scrypt:${[...p].reverse().join('')}`;
const passwords: PasswordHasher = {
  hash: async (password) => fakeHash(password),
  verify: async ({ hash, password }) => hash === fakeHash(password),
};
const passwordHash = fakeHash(PASSWORD);

function build(access = accessTo()) {
  const links = mockOf<ShareLinkRepository>();
  const dashboard = mockOf<DashboardService>();
  const breakdowns = mockOf<BreakdownService>();
  const unlocks = mockOf<Limit>();
  unlocks.allow.mockResolvedValue(true);
  const limits = mockOf<RateLimits>();
  limits.sliding.mockReturnValue(unlocks);
  const settings = { publicUrl: 'https://ocx.example', secret: 'server-secret', limits, passwords };
  const service = new ShareLinkService(links, access, { dashboard, breakdowns }, settings, () => NOW);
  return { service, links, dashboard, breakdowns, unlocks, limits, access };
}

describe('ShareLinkService without a database', () => {
  it('keeps only a hash of the token it shows once, and of the password', async () => {
    const { service, links } = build();
    const stored = {
      id: 's1',
      websiteId: 'w1',
      prefix: 'ocx_share_abcd',
      passwordProtected: true,
      createdAt: new Date(NOW).toISOString(),
      lastViewedAt: null,
    };
    links.insert.mockResolvedValue(stored);
    const created = await service.create(member, 'w1', { password: PASSWORD });
    const token = created.url.replace('https://ocx.example/share/', '');
    const row = links.insert.mock.calls[0]?.[0];
    expect(token.startsWith('ocx_share_')).toBe(true);
    expect(row).toMatchObject({
      website_id: 'w1',
      prefix: token.slice(0, 'ocx_share_'.length + 4),
      token_hash: sha256(token),
      created_by: 'u1',
      created_at: new Date(NOW).toISOString(),
      last_viewed_at: null,
    });
    expect(row?.password_hash).toEqual(expect.any(String));
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect(created).toEqual({ ...stored, url: `https://ocx.example/share/${token}` });
  });

  it('lets only those who may change the website create, list or revoke links', async () => {
    const { service, links, access } = build(viewerAccess());
    await expect(service.create(member, 'w1', { password: null })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.list(member, 'w1')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.revoke(member, 'w1', 's1')).rejects.toBeInstanceOf(ForbiddenError);
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'write');
    expect(links.insert).not.toHaveBeenCalled();
    expect(links.delete).not.toHaveBeenCalled();
  });

  it('lists the links of the website, and revoking a missing one is NotFound', async () => {
    const { service, links } = build();
    const listed = [
      {
        id: 's1',
        websiteId: 'w1',
        prefix: 'ocx_share_abcd',
        passwordProtected: false,
        createdAt: '2026-11-25T12:00:00.000Z',
        lastViewedAt: '2026-11-25T13:00:00.000Z',
      },
    ];
    links.listByWebsite.mockResolvedValue(listed);
    expect(await service.list(member, 'w1')).toEqual(listed);
    expect(links.listByWebsite).toHaveBeenCalledWith('w1');
    links.delete.mockResolvedValue(false);
    await expect(service.revoke(member, 'w1', 'gone')).rejects.toBeInstanceOf(NotFoundError);
    expect(links.delete).toHaveBeenCalledWith('w1', 'gone');
  });

  it('finds a link by the hash of its token; a token of another kind is not looked up', async () => {
    const { service, links } = build();
    links.findByHash.mockResolvedValue(link({ password_hash: passwordHash }));
    expect(await service.describe(TOKEN)).toEqual({
      websiteName: 'Shop',
      rootDomain: 'shop.example',
      passwordProtected: true,
    });
    expect(links.findByHash).toHaveBeenCalledWith(sha256(TOKEN));
    await expect(service.describe('ocx_pat_whatever')).rejects.toThrow(messages.shares.notFound);
    expect(links.findByHash).toHaveBeenCalledTimes(1);
  });

  it('counts password tries per client address and refuses past the limit before checking', async () => {
    const { service, links, unlocks, limits } = build();
    expect(limits.sliding).toHaveBeenCalledWith('share-unlock', 10);
    unlocks.allow.mockResolvedValue(false);
    await expect(service.unlock(TOKEN, PASSWORD, '203.0.113.9')).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(unlocks.allow).toHaveBeenCalledWith('203.0.113.9', NOW);
    expect(links.findByHash).not.toHaveBeenCalled();
  });

  it('refuses a wrong password with 403, and the proof of the right one opens the dashboard', async () => {
    const { service, links, dashboard } = build();
    links.findByHash.mockResolvedValue(link({ password_hash: passwordHash }));
    await expect(service.unlock(TOKEN, 'wrong password', '203.0.113.9')).rejects.toThrow(
      messages.shares.wrongPassword,
    );
    await expect(service.dashboard(TOKEN, undefined, '7d', {})).rejects.toThrow(
      messages.shares.passwordRequired,
    );
    await expect(service.dashboard(TOKEN, 'forged', '7d', {})).rejects.toBeInstanceOf(ForbiddenError);
    expect(dashboard.forWebsite).not.toHaveBeenCalled();

    const { access } = await service.unlock(TOKEN, PASSWORD, '203.0.113.9');
    await service.dashboard(TOKEN, access, '7d', { country: 'DE' });
    expect(dashboard.forWebsite).toHaveBeenCalledWith(
      { id: 'w1', attribution_model: 'linear', timezone: 'Europe/Berlin', rollup_rebuilt_until: null },
      '7d',
      { country: 'DE' },
    );
  });

  it('opens a link without a password, noting a view at most once a minute', async () => {
    const { service, links, breakdowns } = build();
    const request: BreakdownRequest = { range: '7d', dimension: 'page', filters: {}, limit: 10, offset: 0 };
    links.findByHash.mockResolvedValue(link({ last_viewed_at: new Date(NOW - 30_000) }));
    expect(await service.unlock(TOKEN, '', '203.0.113.9')).toEqual({ access: '' });

    await service.breakdown(TOKEN, undefined, request);
    expect(links.touch).not.toHaveBeenCalled();
    expect(breakdowns.forWebsite).toHaveBeenCalledWith(
      { id: 'w1', timezone: 'Europe/Berlin', rollup_rebuilt_until: null },
      request,
    );

    links.findByHash.mockResolvedValue(link({ last_viewed_at: new Date(NOW - 61_000) }));
    await service.breakdown(TOKEN, undefined, request);
    expect(links.touch).toHaveBeenCalledWith('s1', new Date(NOW).toISOString());
  });
});
