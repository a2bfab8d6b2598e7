/** A user's address as the database holds it, and whether they proved it. */
interface UserAddresses {
  user(userId: string): Promise<{ email: string; emailVerified: boolean } | undefined>;
}

/**
 * Who runs this instance (OCX_ADMIN_EMAILS): they see figures about the whole server (versions,
 * migrations, backlogs, every website's traffic counters); everyone else sees their own data only.
 * The address must be proven: signing up with an operator's address does not make one.
 */
export class InstanceOperators {
  private readonly emails: ReadonlySet<string>;

  constructor(
    emails: readonly string[],
    private readonly users: UserAddresses,
  ) {
    this.emails = new Set(emails.map((email) => email.toLowerCase()));
  }

  async includes(user: { id: string }): Promise<boolean> {
    if (this.emails.size === 0) return false;
    const row = await this.users.user(user.id);
    return row?.emailVerified === true && this.emails.has(row.email.toLowerCase());
  }
}
