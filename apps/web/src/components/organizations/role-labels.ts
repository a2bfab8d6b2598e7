import type { Organization } from '@ocx/contracts';

/** A member's role as people read it (the API's words are 'owner', 'admin', 'viewer'). */
export const ROLE_LABELS: Record<Organization['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  viewer: 'Viewer',
};
