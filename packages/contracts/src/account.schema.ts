import { z } from 'zod';
import { MemberRole } from './billing.schema';

/**
 * Deleting the account, confirmed with the password. `transferOwnership`: organizations the user
 * alone owns with other members pass to their longest-standing admin instead of stopping the deletion.
 */
export const DeleteAccountRequest = z.object({
  password: z.string().min(1).max(200),
  transferOwnership: z.boolean().optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** What deleting the account would do, organization by organization (the profile's dialog shows it). */
export const AccountDeletionPreview = z.object({
  /** Organizations made up of the user alone: deleted with their websites and events. */
  deleted: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      websites: z.number(),
      /** A live Stripe subscription, cancelled first. */
      subscription: z.boolean(),
    }),
  ),
  /** Organizations the user leaves; they and their websites stay. */
  left: z.array(z.object({ id: z.string(), name: z.string(), role: MemberRole })),
  /** Organizations the user alone owns with other members: kept once ownership passes to `to` (an admin's email). */
  transfers: z.array(z.object({ id: z.string(), name: z.string(), to: z.string() })),
  /** Organizations the user alone owns with other members and no admin: the deletion waits. */
  blocked: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreview>;

/** One mail of the dev outbox: what would have been sent, with its plain-text body (links included). */
export const OutboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

/**
 * GET /api/account/outbox: how this server sends mail, and without SMTP (`log`) the signed-in
 * user's own mails that stayed on the server instead, newest first (none over SMTP).
 */
export const DevOutbox = z.object({
  transport: z.enum(['smtp', 'log']),
  mails: z.array(OutboxMail),
});
export type DevOutbox = z.infer<typeof DevOutbox>;
