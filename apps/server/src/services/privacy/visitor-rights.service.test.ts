import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { VisitorDataRepository, VisitorRowCounts } from '../../storage/privacy/visitor-data.repository';
import { accessTo, member, strangerAccess, viewerAccess } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import { VisitorRightsService } from './visitor-rights.service';

const none: VisitorRowCounts = {
  events: 0,
  clicks: 0,
  conversions: 0,
  credits: 0,
  identities: 0,
  postbackDeliveries: 0,
};
const some: VisitorRowCounts = { ...none, events: 4, clicks: 1 };

function build(access = accessTo()) {
  const rows = mockOf<VisitorDataRepository>();
  rows.counts.mockImplementation(async (_w, visitorId) => (visitorId === 'empty' ? none : some));
  rows.erase.mockResolvedValue(some);
  return { service: new VisitorRightsService(rows, access), rows, access };
}

describe('VisitorRightsService without a database', () => {
  it("finds a user id's visitors and lists those with rows", async () => {
    const { service, rows, access } = build();
    rows.visitorsByUserId.mockResolvedValue(['v1', 'empty']);
    expect(await service.find(member, 'w1', { userId: 'customer-7' })).toEqual({
      visitors: [{ visitorId: 'v1', ...some }],
    });
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'read');
    expect(rows.visitorsByUserId).toHaveBeenCalledWith('w1', 'customer-7');
    expect(rows.counts).toHaveBeenCalledWith('w1', 'empty');
  });

  it('takes a visitor id as it is and looks up an order id; without either it asks for one', async () => {
    const { service, rows } = build();
    await service.find(member, 'w1', { visitorId: 'v1', userId: 'ignored' });
    expect(rows.visitorsByUserId).not.toHaveBeenCalled();
    expect(rows.counts).toHaveBeenCalledWith('w1', 'v1');
    rows.visitorsByOrderId.mockResolvedValue([]);
    expect(await service.find(member, 'w1', { orderId: 'A-1' })).toEqual({ visitors: [] });
    expect(rows.visitorsByOrderId).toHaveBeenCalledWith('w1', 'A-1');
    await expect(service.find(member, 'w1', {})).rejects.toBeInstanceOf(ValidationError);
  });

  it('exports what is stored about the visitor, for readers of the website only', async () => {
    const { service, rows } = build();
    const data = {
      events: [],
      clicks: [],
      conversions: [],
      identities: [],
      credits: [],
      postbackDeliveries: [],
    };
    rows.export.mockResolvedValue(data);
    const exported = await service.export(member, 'w1', 'v1');
    expect(rows.export).toHaveBeenCalledWith('w1', 'v1');
    expect(exported).toMatchObject({ websiteId: 'w1', visitorId: 'v1', ...data });
    expect(Date.parse(exported.exportedAt)).not.toBeNaN();
    const stranger = build(strangerAccess());
    await expect(stranger.service.export(member, 'w1', 'v1')).rejects.toBeInstanceOf(NotFoundError);
    expect(stranger.rows.export).not.toHaveBeenCalled();
  });

  it('lets a member who may change the website erase, and logs them and what found the visitor', async () => {
    const { service, rows } = build();
    expect(await service.erase({ user: member }, 'w1', 'v1', 'orderId')).toEqual(some);
    expect(rows.erase).toHaveBeenCalledWith('w1', 'v1', {
      id: expect.any(String),
      erasedBy: 'user:u1',
      foundBy: 'orderId',
    });
    const viewer = build(viewerAccess());
    await expect(viewer.service.erase({ user: member }, 'w1', 'v1')).rejects.toBeInstanceOf(ForbiddenError);
    expect(viewer.rows.erase).not.toHaveBeenCalled();
  });

  it("lets a website's API key erase on that website only", async () => {
    const { service, rows, access } = build();
    await service.erase({ apiKeyWebsiteId: 'w1' }, 'w1', 'v1');
    expect(rows.erase).toHaveBeenCalledWith(
      'w1',
      'v1',
      expect.objectContaining({ erasedBy: 'api-key', foundBy: 'visitorId' }),
    );
    expect(access.website).not.toHaveBeenCalled();
    await expect(service.erase({ apiKeyWebsiteId: 'w2' }, 'w1', 'v1')).rejects.toBeInstanceOf(NotFoundError);
    expect(rows.erase).toHaveBeenCalledTimes(1);
  });

  it("lists the website's erasures to its readers only", async () => {
    const { service, rows, access } = build();
    const log = [
      {
        id: 'e1',
        erasedBy: 'user:u1',
        erasedByEmail: 'owner@example.com',
        erasedAt: '2026-11-25T12:00:00.000Z',
        visitorRef: 'v1ab',
        foundBy: 'userId',
        counts: some,
      },
    ];
    rows.erasures.mockResolvedValue(log);
    expect(await service.erasures(member, 'w1')).toEqual(log);
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'read');
    expect(rows.erasures).toHaveBeenCalledWith('w1');
    const stranger = build(strangerAccess());
    await expect(stranger.service.erasures(member, 'w1')).rejects.toBeInstanceOf(NotFoundError);
    expect(stranger.rows.erasures).not.toHaveBeenCalled();
  });
});
