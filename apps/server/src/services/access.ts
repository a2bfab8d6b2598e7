import { NotFoundError } from '../errors';
import type { WebsiteRepository, WebsiteRow } from '../storage/sql/website.repository';

/** The signed-in user a request acts for (set by the requireUser hook). */
export interface CurrentUser {
  id: string;
  email: string;
  /** The session the request came with (absent for callers that are not a browser session). */
  sessionId?: string;
}

/** What a service is about to do with a website: read its data, or change it. */
export type WebsiteAccess = 'read' | 'write';

/**
 * The one place that decides whether a user may read or change a website. Today the owner may do
 * both; roles (owner, admin, viewer) will be answered here, not in each service.
 */
export class Access {
  constructor(private readonly repository: WebsiteRepository) {}

  /** The website when the user may `need` it; NotFound otherwise, so another user's id reveals nothing. */
  async website(user: CurrentUser, id: string, _need: WebsiteAccess): Promise<WebsiteRow> {
    const row = await this.repository.findForUser(user.id, id);
    if (!row) throw new NotFoundError('Website not found');
    return row;
  }

  /** Every website the user may `need`, newest first. */
  websites(user: CurrentUser, _need: WebsiteAccess): Promise<WebsiteRow[]> {
    return this.repository.listByUser(user.id);
  }
}
