import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<string | Date, string | Date, string | Date>;
  updatedAt: ColumnType<string | Date, string | Date, string | Date>;
}

export interface OrganizationTable {
  id: string;
  name: string;
  /** The user whose home organization this is (made at sign-up); null once they left it or were deleted (migration 0042). */
  owner_user_id: string | null;
  plan: string;
  status: string;
  stripe_customer_id: string | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<number>;
  trial_ends_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  stripe_subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** `created` (unix seconds) of the last Stripe event applied; older events are ignored. */
  billing_event_at: Generated<number>;
}

/** A user's place in an organization (migration 0015). */
export interface OrganizationMemberTable {
  organization_id: string;
  user_id: string;
  role: string;
  created_at: Timestamp;
}

/** An invitation by email, pending until accepted (the membership replaces it) or revoked (migration 0016). */
export interface OrganizationInvitationTable {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  /** SHA-256 (hex) of the token the mail's link carries; the token itself is never stored. */
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Stripe webhook events already applied, by event id. */
export interface BillingEventTable {
  id: string;
  type: string;
  received_at: Timestamp;
}

type AuthDate = ColumnType<string | Date, string | Date, string | Date>;

/** better-auth's sessions; `aal` is ours (second-factor.ts). */
export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  userAgent: string | null;
  ipAddress: string | null;
  aal: string | null;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** better-auth's sign-in methods of a user: `credential` (password) or an OAuth/OIDC provider. */
export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
  createdAt: AuthDate;
}

/** better-auth twoFactor plugin: one TOTP factor per user, counted once verified. */
export interface TwoFactorTable {
  id: string;
  userId: string;
  verified: ColumnType<boolean | number | null, never, never>;
}

/** Personal access tokens (api-token.service.ts): a SHA-256 of the token, never the token. */
export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
  scope: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
}

/** The last time OCX revoked all of a user's tokens, and why (migration 0042; api-token.service.ts). */
export interface ApiTokenRevocationTable {
  user_id: string;
  revoked_at: Timestamp;
  reason: string;
  token_count: number;
}

export interface AccountTables {
  user: UserTable;
  organization: OrganizationTable;
  organization_member: OrganizationMemberTable;
  organization_invitation: OrganizationInvitationTable;
  billing_event: BillingEventTable;
  session: SessionTable;
  account: AuthAccountTable;
  twoFactor: TwoFactorTable;
  api_token: ApiTokenTable;
  api_token_revocation: ApiTokenRevocationTable;
}
