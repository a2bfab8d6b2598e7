/** One random salt per UTC day for hash visitors (visitor-salt.repository.ts); past days are deleted. */
export interface VisitorSaltTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  salt: string;
}

export interface PrivacyTables {
  visitor_salt: VisitorSaltTable;
}
