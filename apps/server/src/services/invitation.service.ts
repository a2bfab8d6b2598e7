import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  AcceptedInvitation,
  Invitation,
  InvitationPreview,
  InvitationResult,
  NewInvitation,
} from '@ocx/contracts';
import { toIso } from '../db/sql-values';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { InvitationRepository, InvitationRow } from '../storage/sql/invitation.repository';
import type { OrganizationRepository } from '../storage/sql/organization.repository';
import type { Access, CurrentUser } from './access';
import { mailTemplates } from './accounts/mail-templates';
import type { Mailer } from './accounts/mailer';
import type { OrganizationService } from './organization.service';

/** An invitation's link works this long. */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export interface InvitationDeps {
  access: Access;
  organizations: OrganizationRepository;
  /** Adds an existing account at once (and tells them by mail). */
  members: Pick<OrganizationService, 'addMember'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  now?: () => number;
}

/**
 * Invitations by email. An address with an account is added at once; any other gets a link that
 * works for INVITATION_DAYS, and whoever signs up or signs in with that address and opens it
 * becomes a member. Only the SHA-256 of the link's token is stored.
 */
export class InvitationService {
  constructor(
    private readonly invitations: InvitationRepository,
    private readonly deps: InvitationDeps,
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  async invite(user: CurrentUser, organizationId: string, input: NewInvitation): Promise<InvitationResult> {
    const org = await this.deps.access.organization(user, organizationId, 'manage');
    const account = await this.deps.organizations.findUserByEmail(input.email);
    if (account) {
      if (await this.deps.organizations.findMember(org.id, account.id))
        throw new ValidationError(`${account.email} is already a member of this organization`);
      return { status: 'added', member: await this.deps.members.addMember(user, org.id, input) };
    }
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
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
    const org = await this.deps.access.organization(user, organizationId, 'manage');
    return (await this.invitations.listByOrganization(org.id)).map(toInvitation);
  }

  /** Withdraws an invitation: its link stops working. Another organization's id is not found. */
  async revoke(user: CurrentUser, organizationId: string, invitationId: string): Promise<void> {
    const org = await this.deps.access.organization(user, organizationId, 'manage');
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
      expiresAt: toIso(row.expires_at),
      expired: this.expired(row),
    };
  }

  /** The signed-in user, whose address the invitation was sent to, becomes a member. */
  async accept(user: CurrentUser, token: string): Promise<AcceptedInvitation> {
    const row = await this.find(token);
    if (this.expired(row))
      throw new ValidationError('This invitation has expired. Ask the organization for a new one.');
    if (row.email !== user.email.trim().toLowerCase())
      throw new ForbiddenError(
        `This invitation is for ${row.email}. Sign in with that address to accept it.`,
      );
    const role = toRole(row.role);
    if (!(await this.invitations.accept(row, user.id, role, new Date(this.now()).toISOString())))
      throw new NotFoundError('Invitation not found');
    return { organizationId: row.organization_id, role };
  }

  private async find(token: string) {
    const row = await this.invitations.findByTokenHash(sha256(token));
    if (!row) throw new NotFoundError('This invitation was revoked, accepted already, or never existed.');
    return row;
  }

  private expired(row: InvitationRow): boolean {
    return Date.parse(toIso(row.expires_at)) <= this.now();
  }
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: toRole(row.role),
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  };
}

const toRole = (role: string): Invitation['role'] => (role === 'admin' ? 'admin' : 'viewer');
