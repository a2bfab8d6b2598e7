import { z } from 'zod';
import type { debugRowCountTables } from './constants';

export type DebugRowCountTable = (typeof debugRowCountTables)[number];

/**
 * GET /api/debug/database: whether the database answers and the signed-in user's own row counts;
 * for the instance's operators (OCX_ADMIN_EMAILS) also what describes the whole server.
 */
export interface DatabaseDebug {
  reachable: boolean;
  /** The user's own websites' rows; null when the database cannot be reached. */
  rowCounts: Record<DebugRowCountTable, number> | null;
  checkedAt: string;
  /** The whole server; null unless the user is one of its operators. */
  server: DatabaseServerDebug | null;
}

/** What the Database Debug screen shows an operator about the server: every website's work, not one user's. */
export interface DatabaseServerDebug {
  dialect: string;
  /** 'SQLite 3.x' or 'PostgreSQL 16.x'; null when unreachable. */
  version: string | null;
  /** One round trip (`select 1`) measured while answering, in milliseconds. */
  latencyMs: number | null;
  migrations: { name: string; appliedAt: string }[];
  backlog: {
    /** Stored events whose sessions, clicks and conversions are not derived yet (this server). */
    derivation: number;
    /** Conversions waiting for their credits, and those that could not be credited (all websites). */
    crediting: { pending: number; failed: number } | null;
  };
  /**
   * With ClickHouse configured: whether it answers its ping, and the clicks, conversions and credits
   * waiting for their ClickHouse copies (counted up to 100,000; null when the count failed).
   */
  clickhouse: { reachable: boolean; copyBacklog: number | null } | null;
  /** This server process's collect counters since it started. */
  ingest: {
    accepted: number;
    stored: number;
    duplicates: number;
    rateLimited: number;
    commitFailures: number;
    dropped: Record<string, number>;
  };
}

/** POST /api/debug/auth/sign-in-test: both fields required (spec §5). */
export const SignInTest = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
});
export type SignInTest = z.infer<typeof SignInTest>;

/**
 * The answer of a sign-in test, no more than the sign-in screen says (it worked, or the spec's
 * failure text); it never creates or changes a session.
 */
export type SignInTestResult = { ok: true } | { ok: false; error: string };

/** A second factor as spec §4 counts it: only verified factors raise the assurance level. */
export interface AuthFactor {
  id: string;
  type: 'totp';
  verified: boolean;
}

/** GET /api/debug/auth: the signed-in user's own auth state and the server's auth setup. */
export interface AuthDebug {
  user: { id: string; email: string; emailVerified: boolean; createdAt: string };
  /** The user's unexpired sessions; `current` is the one this request came with. */
  sessions: { current: boolean; createdAt: string; expiresAt: string; userAgent: string | null }[];
  /** Spec §4: aal1, or aal2 once a verified factor exists. */
  assurance: { current: 'aal1' | 'aal2'; next: 'aal1' | 'aal2' };
  factors: AuthFactor[];
  /** better-auth `account` rows: how this user can sign in ('credential' is email and password). */
  linkedProviders: { providerId: string; linkedAt: string }[];
  configuredProviders: { id: string; name: string }[];
  mailTransport: { kind: 'none' | 'smtp' | 'log'; description: string };
  /** Mail the dev outbox holds for this user, newest first. */
  outbox: { to: string; subject: string; sentAt: string }[];
}
