import type { Mocked } from 'vitest';
import { ForbiddenError, NotFoundError } from '../errors';
import type { Access, CurrentUser } from '../services/platform/access';
import type { MemberWebsiteRow } from '../storage/websites/website.repository';
import { mockOf } from './service-mocks';

export const member: CurrentUser = { id: 'u1', email: 'owner@example.com' };

/** A website as Access hands it to a service: the member's role on it and its settings. */
export function memberWebsite(overrides: Partial<MemberWebsiteRow> = {}): MemberWebsiteRow {
  return {
    id: 'w1',
    user_id: 'u1',
    organization_id: 'o1',
    name: 'Shop',
    brand: 'Shop',
    root_domain: 'shop.example',
    attribution_model: 'first_touch',
    attribution_window: 30,
    config: '{}',
    postback_url: null,
    cookie_domain: '',
    default_campaign_id: 'c0',
    timezone: 'UTC',
    rollup_rebuilt_until: null,
    consent_mode: 'none',
    respect_dnt: 0,
    retention_months: 25,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    member_role: 'owner',
    ...overrides,
  };
}

/** Access that lets the member at `website` (any need), as the real one does for an owner. */
export function accessTo(website: MemberWebsiteRow = memberWebsite()): Mocked<Access> {
  const access = mockOf<Access>();
  access.website.mockResolvedValue(website);
  access.websites.mockResolvedValue([website]);
  return access;
}

/** Access as the real one answers a viewer who asks to change something: reads pass, writes are refused. */
export function viewerAccess(website: MemberWebsiteRow = memberWebsite({ member_role: 'viewer' })) {
  const access = mockOf<Access>();
  access.website.mockImplementation(async (_user, _id, need) => {
    if (need === 'write') throw new ForbiddenError('Viewers can look at this website but not change it');
    return website;
  });
  return access;
}

/** Access for someone who is no member of the website's organization. */
export function strangerAccess(): Mocked<Access> {
  const access = mockOf<Access>();
  access.website.mockRejectedValue(new NotFoundError('Website not found'));
  return access;
}
