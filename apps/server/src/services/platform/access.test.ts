import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { OrganizationRepository } from '../../storage/accounts/organization.repository';
import type { WebsiteRepository } from '../../storage/websites/website.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, storedMembership, websiteRow } from '../../test/service-rows.fixture';
import { Access } from './access';

function build() {
  const websites = mockOf<WebsiteRepository>();
  const organizations = mockOf<OrganizationRepository>();
  return { access: new Access(websites, organizations), websites, organizations };
}

describe('Access', () => {
  it('answers a website the member may change, looked up by user and id', async () => {
    const { access, websites } = build();
    const row = websiteRow({ member_role: 'admin' });
    websites.findForUser.mockResolvedValue(row);
    await expect(access.website(alice, 'site-1', 'write')).resolves.toBe(row);
    expect(websites.findForUser).toHaveBeenCalledWith(alice.id, 'site-1');
  });

  it('hides a website of another organization as not found', async () => {
    const { access } = build();
    await expect(access.website(alice, 'site-x', 'read')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lets a viewer read a website but not change it', async () => {
    const { access, websites } = build();
    websites.findForUser.mockResolvedValue(websiteRow({ member_role: 'viewer' }));
    await expect(access.website(alice, 'site-1', 'read')).resolves.toMatchObject({ id: 'site-1' });
    await expect(access.website(alice, 'site-1', 'write')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('refuses a role it does not know, even for reading', async () => {
    const { access, websites } = build();
    websites.findForUser.mockResolvedValue(websiteRow({ member_role: 'guest' }));
    await expect(access.website(alice, 'site-1', 'read')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('lists only the websites the user may change when asked for write', async () => {
    const { access, websites } = build();
    websites.listByUser.mockResolvedValue([
      websiteRow({ id: 'a', member_role: 'owner' }),
      websiteRow({ id: 'b', member_role: 'viewer' }),
      websiteRow({ id: 'c', member_role: 'admin' }),
    ]);
    expect((await access.websites(alice, 'write')).map((w) => w.id)).toEqual(['a', 'c']);
    expect((await access.websites(alice, 'read')).map((w) => w.id)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a viewer managing an organization with the message it is given', async () => {
    const { access, organizations } = build();
    organizations.findForMember.mockResolvedValue(storedMembership({ role: 'viewer' }));
    await expect(access.organization(alice, 'org-1', 'manage', 'Not for viewers')).rejects.toThrow(
      new ForbiddenError('Not for viewers'),
    );
    await expect(access.organization(alice, 'org-1', 'manage')).rejects.toThrow(/billing/);
    await expect(access.organization(alice, 'org-1', 'read')).resolves.toMatchObject({ role: 'viewer' });
    expect(organizations.findForMember).toHaveBeenCalledWith(alice.id, 'org-1');
  });

  it('hides an organization the user is not in as not found', async () => {
    const { access } = build();
    await expect(access.organization(alice, 'org-x', 'read')).rejects.toBeInstanceOf(NotFoundError);
  });
});
