import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  AcceptedInvitation,
  Invitation,
  InvitationPreview,
  InvitationResult,
  NewInvitation,
} from '@ocx/contracts';
import { messages } from '@ocx/contracts';
import { DAY_MS, HOUR_MS } from '@ocx/core';
import { ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../errors';
import type { InvitationRepository, StoredInvitation } from '../../storage/accounts/invitation.repository';
import type { OrganizationRepository } from '../../storage/accounts/organization.repository';
import type { Access, CurrentUser } from '../platform/access';
import { type Limit, RateLimits } from '../platform/rate-limits';
import { mailTemplates } from './mail-templates';
import type { Mailer } from './mailer';

/** An invitation's link works this long. */
export const INVITATION_DAYS = 7;
/**
 * Invitation mails an organization may send in any hour: a team adding its colleagues stays well
 * under it, while an account made only to mail strangers (every sign-up has an organization) gets
 * few mails out.
 */
export const INVITATIONS_PER_ORGANIZATION_HOUR = 20;
/**
 * Invitation mails one address may receive in any day, from every organization together: a person
 * is rarely invited more than a few times a day, and nobody can use OCX to flood an inbox by
 * signing up many organizations.
 */
export const INVITATIONS_PER_ADDRESS_DAY = 5;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

interface InvitationDeps {
  access: Access;
  organizations: OrganizationRepository;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  /** Shared by the app servers through Redis when configured. */
  limits?: RateLimits;
  now?: () => number;
}

/**
 * Invitations by email. Every address gets a link that works for INVITATION_DAYS, whether or not
 * it has an account (the answer is the same, so nobody learns which), and becomes a member only
 * when someone signed in with that address, verified, accepts it: adding by address alone would
 * let whoever signed up with an address they do not own into the organization. Only the SHA-256 of
 * the link's token is stored.
 */
export class InvitationService {
  private readonly perOrganization: Limit;
  private readonly perAddress: Limit;

  constructor(
    private readonly invitations: InvitationRepository,
    private readonly deps: InvitationDeps,
  ) {
    const limits = deps.limits ?? new RateLimits(null);
    this.perOrganization = limits.sliding(
      'invitation-organization',
      INVITATIONS_PER_ORGANIZATION_HOUR,
      HOUR_MS,
    );
    this.perAddress = limits.sliding('invitation-address', INVITATIONS_PER_ADDRESS_DAY, DAY_MS);
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Mails the address an invitation (a new one, or the pending one renewed); over a limit nothing is sent. */
  async invite(user: CurrentUser, organizationId: string, input: NewInvitation): Promise<InvitationResult> {
    const org = await this.deps.access.organization(
      user,
      organizationId,
      'manage',
      messages.members.inviteRefused,
    );
    // Otherwise anyone could sign up with a made-up address and have OCX mail strangers.
    if (!(await this.deps.organizations.emailVerified(user.id)))
      throw new ForbiddenError(messages.members.verifyBeforeInviting);
    // Members are listed to whoever may invite, so saying so reveals nothing about other accounts.
    const account = await this.deps.organizations.findUserByEmail(input.email);
    if (account && (await this.deps.organizations.findMember(org.id, account.id)))
      throw new ValidationError(`${account.email} is already a member of this organization`, 'email');
    const now = this.now();
    if (!(await this.perOrganization.allow(org.id, now)))
      throw new TooManyRequestsError(
        messages.members.tooManyFromOrganization(INVITATIONS_PER_ORGANIZATION_HOUR),
      );
    if (!(await this.perAddress.allow(input.email, now)))
      throw new TooManyRequestsError(messages.members.tooManyToAddress);
    const token = randomBytes(32).toString('base64url');
    const row = await this.invitations.upsert({
      id: randomUUID(),
      organization_id: org.id,
      email: input.email,
      role: input.role,
      token_hash: sha256(token),
      invited_by: user.id,
      expires_at: new Date(now + INVITATION_DAYS * DAY_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    });
    const url = `${this.deps.publicUrl}/invitations/${token}`;
    await this.deps.mailer.send(
      mailTemplates.invitation(
        { email: input.email, id: `invitation:${row.id}` },
        org.name,
        input.role,
        url,
        INVITATION_DAYS,
      ),
    );
    return { status: 'invited', invitation: toInvitation(row) };
  }

  /** The organization's pending invitations, oldest first (owners and admins). */
  async list(user: CurrentUser, organizationId: string): Promise<Invitation[]> {
    const org = await this.manage(user, organizationId);
    return (await this.invitations.listByOrganization(org.id)).map(toInvitation);
  }

  /** Withdraws an invitation: its link stops working. Another organization's id is not found. */
  async revoke(user: CurrentUser, organizationId: string, invitationId: string): Promise<void> {
    const org = await this.manage(user, organizationId);
    if (!(await this.invitations.delete(org.id, invitationId)))
      throw new NotFoundError('Invitation not found');
  }

  /** What the link's page shows, signed in or not (the token is the secret). */
  async preview(token: string): Promise<InvitationPreview> {
    const row = await this.find(token);
    return {
      organizationName: row.organization_name,
      email: row.email,
      role: toRole(row.role),
      expiresAt: row.expires_at,
      expired: this.expired(row),
    };
  }

  /**
   * The signed-in user, whose address the invitation was sent to, becomes a member once that
   * address is verified; until then the invitation stays as it is.
   */
  async accept(user: CurrentUser, token: string): Promise<AcceptedInvitation> {
    const row = await this.find(token);
    if (this.expired(row))
      throw new ValidationError('This invitation has expired. Ask the organization for a new one.');
    if (row.email !== user.email.trim().toLowerCase())
      throw new ForbiddenError(
        `This invitation is for ${row.email}. Sign in with that address to accept it.`,
      );
    if (!(await this.invitations.emailVerified(user.id)))
      throw new ForbiddenError(messages.members.verifyFirst);
    const role = toRole(row.role);
    if (!(await this.invitations.accept(row, user.id, role, new Date(this.now()).toISOString())))
      throw new NotFoundError('Invitation not found');
    return { organizationId: row.organization_id, role };
  }

  private manage(user: CurrentUser, organizationId: string) {
    return this.deps.access.organization(user, organizationId, 'manage', messages.members.invitationsRefused);
  }

  private async find(token: string) {
    const row = await this.invitations.findByTokenHash(sha256(token));
    if (!row) throw new NotFoundError('This invitation was revoked, accepted already, or never existed.');
    return row;
  }

  private expired(row: StoredInvitation): boolean {
    return Date.parse(row.expires_at) <= this.now();
  }
}

function toInvitation(row: StoredInvitation): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: toRole(row.role),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

const toRole = (role: string): Invitation['role'] => (role === 'admin' ? 'admin' : 'viewer');
