import { z } from 'zod';
import { BreakdownQuery } from './breakdown.schema';
import { DashboardQuery } from './dashboard.schema';
import { messages } from './messages';

/** A read-only link to one website's dashboard, as Website Config lists it. */
export interface ShareLink {
  id: string;
  websiteId: string;
  /** The first characters of the token, to tell links apart; the link itself is shown once. */
  prefix: string;
  passwordProtected: boolean;
  createdAt: string;
  lastViewedAt: string | null;
}

export interface NewShareLinkResult extends ShareLink {
  /** The whole link: shown once, at creation (only a SHA-256 of its token is kept). */
  url: string;
}

export const NewShareLink = z.object({
  password: z
    .string()
    .min(8, messages.shares.passwordLength)
    .max(128, messages.shares.passwordLength)
    .nullable()
    .default(null),
});
export type NewShareLink = z.infer<typeof NewShareLink>;

export const ShareLinkParams = z.object({
  id: z.string().min(1).max(64),
  shareId: z.string().min(1).max(64),
});

export const ShareTokenParams = z.object({ token: z.string().min(1).max(128) });

/** What anyone with the link learns before the password: whose dashboard it is. */
export interface SharedWebsite {
  websiteName: string;
  rootDomain: string;
  passwordProtected: boolean;
}

export const ShareUnlock = z.object({ password: z.string().min(1).max(128) });

/** Proof of the password for this link, sent back as the `x-share-access` header. */
export interface ShareAccess {
  access: string;
}

export const SharedDashboardQuery = DashboardQuery.omit({ websiteId: true });
export const SharedBreakdownQuery = BreakdownQuery.omit({ websiteId: true });
