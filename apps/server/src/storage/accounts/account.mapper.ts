import { toIso } from '../../db/sql-values';

type AuthDate = string | Date;

/** One of the user's sessions, its dates ISO text whichever database answered. */
export interface StoredSession {
  id: string;
  userAgent: string | null;
  aal: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

/** A way the user signs in (better-auth's account row), linked at `createdAt` (ISO). */
export interface StoredSignInMethod {
  providerId: string;
  accountId: string;
  createdAt: string;
}

/** A member of one of the user's organizations; `joinedAt` in epoch ms. */
export interface MemberAlongside {
  organizationId: string;
  userId: string;
  email: string;
  role: string;
  joinedAt: number;
}

export function toStoredSession(
  row: Omit<StoredSession, 'createdAt' | 'updatedAt' | 'expiresAt'> & {
    createdAt: AuthDate;
    updatedAt: AuthDate;
    expiresAt: AuthDate;
  },
): StoredSession {
  return {
    ...row,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    expiresAt: toIso(row.expiresAt),
  };
}

export function toStoredSignInMethod(row: {
  providerId: string;
  accountId: string;
  createdAt: AuthDate;
}): StoredSignInMethod {
  return { providerId: row.providerId, accountId: row.accountId, createdAt: toIso(row.createdAt) };
}

export function toMemberAlongside(row: {
  organization_id: string;
  user_id: string;
  email: string;
  role: string;
  created_at: string | Date;
}): MemberAlongside {
  return {
    organizationId: row.organization_id,
    userId: row.user_id,
    email: row.email,
    role: row.role,
    joinedAt: Date.parse(toIso(row.created_at)),
  };
}
