import { ForbiddenError, NotFoundError } from '../../errors';
import type {
  OrganizationRepository,
  StoredMembership,
} from '../../storage/accounts/organization.repository';
import type { MemberWebsiteRow, WebsiteRepository } from '../../storage/websites/website.repository';

/** The signed-in user a request acts for (set by the requireUser hook). */
export interface CurrentUser {
  id: string;
  email: string;
  /** The session the request came with (absent for callers that are not a browser session). */
  sessionId?: string;
}

/** What a service is about to do with a website: read its data, or change it. */
export type WebsiteAccess = 'read' | 'write';
/** What a service is about to do with an organization: read it, or manage billing and members. */
type OrganizationAccess = 'read' | 'manage';

/** Who may do what, by role in the organization (owner, admin, viewer). */
const ALLOWED: Record<string, ReadonlySet<WebsiteAccess | OrganizationAccess>> = {
  owner: new Set(['read', 'write', 'manage']),
  admin: new Set(['read', 'write', 'manage']),
  viewer: new Set(['read']),
};

const allows = (role: string, need: WebsiteAccess | OrganizationAccess) => ALLOWED[role]?.has(need) ?? false;

/**
 * The one place that decides whether a user may read or change a website or an organization:
 * membership of the organization, then the role. A non-member gets NotFound, so another user's id
 * reveals nothing, and so does a member whose unverified address suspends the membership
 * (membership-standing.ts); a member whose role does not allow it gets Forbidden.
 */
export class Access {
  constructor(
    private readonly repository: WebsiteRepository,
    private readonly organizations: OrganizationRepository,
  ) {}

  /** The website when the user may `need` it. */
  async website(user: CurrentUser, id: string, need: WebsiteAccess): Promise<MemberWebsiteRow> {
    const row = await this.repository.findForUser(user.id, id);
    if (!row) throw new NotFoundError('Website not found');
    if (!allows(row.member_role, need))
      throw new ForbiddenError('Viewers can look at this website but not change it');
    return row;
  }

  /** Every website the user may `need`, oldest first. */
  async websites(user: CurrentUser, need: WebsiteAccess): Promise<MemberWebsiteRow[]> {
    const rows = await this.repository.listByUser(user.id);
    return rows.filter((row) => allows(row.member_role, need));
  }

  /**
   * The organization with the user's role when the user may `need` it; `refused` says what a
   * viewer may not do (billing unless told).
   */
  async organization(
    user: CurrentUser,
    id: string,
    need: OrganizationAccess,
    refused = 'Only owners and admins can manage billing',
  ): Promise<StoredMembership> {
    const row = await this.organizations.findForMember(user.id, id);
    if (!row) throw new NotFoundError('Organization not found');
    if (!allows(row.role, need)) throw new ForbiddenError(refused);
    return row;
  }
}
