import { type RawBuilder, sql } from 'kysely';

/** The aliases under which a query joined `organization_member`, `user` and `organization`. */
interface MembershipAliases {
  member: string;
  user: string;
  organization: string;
}

/**
 * Whether a membership row gives access: the member proved their address (`user.emailVerified`),
 * or the organization is the one they founded at sign-up (unverified users use their own
 * organization under the app's banner). Decided at read time, so a membership made before
 * addresses had to be proven is suspended until its member verifies. A NULL `owner_user_id` (no
 * founder any more) never equals, so it exempts nobody.
 */
export function membershipCounts({ member, user, organization }: MembershipAliases): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${user}.emailVerified`)} = ${sql.lit(true)} or ${sql.ref(
    `${organization}.owner_user_id`,
  )} = ${sql.ref(`${member}.user_id`)})`;
}

/** membershipCounts as 1 or 0, the same on both dialects (a member's status in a list). */
export function membershipCountsFlag(aliases: MembershipAliases): RawBuilder<number> {
  return sql<number>`case when ${membershipCounts(aliases)} then 1 else 0 end`;
}
