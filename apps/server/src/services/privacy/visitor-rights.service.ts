import { randomUUID } from 'node:crypto';
import { NotFoundError, ValidationError } from '../../errors';
import type {
  ErasureFoundBy,
  VisitorDataRepository,
  VisitorErasure,
  VisitorRowCounts,
} from '../../storage/privacy/visitor-data.repository';
import type { Access, CurrentUser } from '../platform/access';

interface VisitorLookup {
  visitorId?: string | undefined;
  userId?: string | undefined;
  orderId?: string | undefined;
}

/** Who asks for an erasure: a signed-in member with write access, or the website's API key. */
type Eraser = { user: CurrentUser } | { apiKeyWebsiteId: string };

/** A visitor's rights (GDPR Art. 15 and 17) on one website: find, export, erase, and the erasure log. */
export class VisitorRightsService {
  constructor(
    private readonly rows: VisitorDataRepository,
    private readonly access: Access,
  ) {}

  async find(user: CurrentUser, websiteId: string, lookup: VisitorLookup) {
    await this.access.website(user, websiteId, 'read');
    const ids = lookup.visitorId
      ? [lookup.visitorId]
      : lookup.userId
        ? await this.rows.visitorsByUserId(websiteId, lookup.userId)
        : lookup.orderId
          ? await this.rows.visitorsByOrderId(websiteId, lookup.orderId)
          : null;
    if (!ids) throw new ValidationError('Give a visitor id, a user id or an order id');
    const visitors: ({ visitorId: string } & VisitorRowCounts)[] = [];
    for (const visitorId of ids) {
      const counts = await this.rows.counts(websiteId, visitorId);
      if (Object.values(counts).some((n) => n > 0)) visitors.push({ visitorId, ...counts });
    }
    return { visitors };
  }

  async export(user: CurrentUser, websiteId: string, visitorId: string) {
    await this.access.website(user, websiteId, 'read');
    const data = await this.rows.export(websiteId, visitorId);
    return { websiteId, visitorId, exportedAt: new Date().toISOString(), ...data };
  }

  /** `foundBy`: what found the visitor in Website Config → Privacy, for the log (default the visitor id). */
  async erase(
    eraser: Eraser,
    websiteId: string,
    visitorId: string,
    foundBy: ErasureFoundBy = 'visitorId',
  ): Promise<VisitorRowCounts> {
    if ('user' in eraser) await this.access.website(eraser.user, websiteId, 'write');
    else if (eraser.apiKeyWebsiteId !== websiteId) throw new NotFoundError('Website not found');
    const erasedBy = 'user' in eraser ? `user:${eraser.user.id}` : 'api-key';
    return this.rows.erase(websiteId, visitorId, { id: randomUUID(), erasedBy, foundBy });
  }

  async erasures(user: CurrentUser, websiteId: string): Promise<VisitorErasure[]> {
    await this.access.website(user, websiteId, 'read');
    return this.rows.erasures(websiteId);
  }
}
