import { z } from 'zod';

export const ApiError = z.object({ error: z.string() });
export type ApiError = z.infer<typeof ApiError>;

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    reachable: z.boolean(),
    version: z.string().nullable(),
    migration: z.string().nullable(),
  }),
  /** Counters of this app server since it started; drops by reason (docs/decisions.md#rules-the-code-keeps). */
  ingest: z.object({
    accepted: z.number(),
    stored: z.number(),
    duplicates: z.number(),
    dropped: z.record(z.string(), z.number()),
    notices: z.record(z.string(), z.number()),
    rateLimited: z.number(),
    commitFailures: z.number(),
  }),
  /** With CLICKHOUSE_URL: its ping, and the rows waiting for their copies (counted up to 100,000). */
  clickhouse: z.object({ reachable: z.boolean(), copyBacklog: z.number().nullable() }).nullable(),
});
export type Health = z.infer<typeof Health>;

export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  status: z.string(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The signed-in user's role in it. */
  role: z.enum(['owner', 'admin', 'viewer']),
});
export type Organization = z.infer<typeof Organization>;

export const Me = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  organization: Organization,
});
export type Me = z.infer<typeof Me>;
