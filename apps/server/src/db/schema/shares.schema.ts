import type { Timestamp } from './column-types';

/** Read-only dashboard links (share-link.service.ts): a SHA-256 of the token, never the token. */
export interface ShareLinkTable {
  id: string;
  website_id: string;
  prefix: string;
  token_hash: string;
  /** better-auth's scrypt hash of the link's password, or null for an open link. */
  password_hash: string | null;
  created_by: string;
  created_at: Timestamp;
  last_viewed_at: Timestamp | null;
}

export interface ShareTables {
  share_link: ShareLinkTable;
}
