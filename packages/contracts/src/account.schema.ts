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
