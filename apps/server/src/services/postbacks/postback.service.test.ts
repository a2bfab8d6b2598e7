import { MAX_POSTBACK_ATTEMPTS } from '@ocx/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toDelivery } from '../../storage/postbacks/postback.mapper';
import type { DeliveryRow, PostbackRepository } from '../../storage/postbacks/postback.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { type LaneLog, PostbackService } from './postback.service';
import { type PostbackSender, RefusedAddressError } from './postback-http';

const NOW = Date.parse('2024-03-01T10:00:00.000Z');
const RETRY_BASE_MS = 1000;

function build(limits = { total: 16, perWebsite: 2 }) {
  const deliveries = mockOf<PostbackRepository>();
  const access = mockOf<Access>();
  const http = mockOf<{ send: PostbackSender; close(): Promise<void> }>();
  const log = mockOf<LaneLog>();
  access.website.mockResolvedValue(websiteRow());
  deliveries.dueCandidates.mockResolvedValue([]);
  deliveries.lease.mockResolvedValue([]);
  const service = new PostbackService(deliveries, access, RETRY_BASE_MS, http, log, limits);
  return { service, deliveries, access, http, log };
}

const delivery = (changes: Partial<DeliveryRow> = {}): DeliveryRow => ({
  id: 'pb-1',
  website_id: 'site-1',
  conversion_id: 'conv-1',
  url: 'https://partner.example/pb?id=conv-1',
  status: 'pending',
  attempts: 0,
  next_attempt_at: NOW,
  last_status: null,
  last_error: null,
  created_at: NOW - 60_000,
  delivered_at: null,
  ...changes,
});

/** Due deliveries once: the lease answers the rows asked for. */
function due(deliveries: ReturnType<typeof build>['deliveries'], rows: DeliveryRow[]) {
  deliveries.dueCandidates.mockResolvedValueOnce(rows.map((r) => ({ id: r.id, websiteId: r.website_id })));
  deliveries.lease.mockImplementation(async (ids) => rows.filter((r) => ids.includes(r.id)));
}

describe('PostbackService', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records a 2xx answer as delivered', async () => {
    const { service, deliveries, http } = build();
    due(deliveries, [delivery({ attempts: 2 })]);
    http.send.mockResolvedValue(204);
    await expect(service.deliverDue(NOW)).resolves.toBe(1);
    expect(http.send).toHaveBeenCalledWith('https://partner.example/pb?id=conv-1', expect.any(AbortSignal));
    expect(deliveries.lease).toHaveBeenCalledWith(['pb-1'], NOW, 60_000);
    expect(deliveries.delivered).toHaveBeenCalledWith('pb-1', 3, 204, NOW);
  });

  it('retries a failed answer later with backoff, and gives up after the last attempt', async () => {
    const { service, deliveries, http } = build();
    due(deliveries, [
      delivery({ id: 'pb-1', attempts: 2 }),
      delivery({ id: 'pb-2', website_id: 'site-2', attempts: MAX_POSTBACK_ATTEMPTS - 1 }),
    ]);
    http.send.mockResolvedValue(500);
    await service.deliverDue(NOW);
    expect(deliveries.failedAttempt).toHaveBeenCalledWith(
      'pb-1',
      3,
      500,
      'HTTP 500',
      NOW + 4 * RETRY_BASE_MS,
    );
    expect(deliveries.failedAttempt).toHaveBeenCalledWith(
      'pb-2',
      MAX_POSTBACK_ATTEMPTS,
      500,
      'HTTP 500',
      null,
    );
  });

  it('never retries an address it refused, and retries a connection failure', async () => {
    const { service, deliveries, http } = build();
    due(deliveries, [delivery({ id: 'pb-1' }), delivery({ id: 'pb-2', website_id: 'site-2' })]);
    http.send.mockImplementation(async (url) => {
      if (url.includes('conv-1') && http.send.mock.calls.length === 1)
        throw new RefusedAddressError('Refused: a private address', 'partner.example resolves to 10.0.0.7');
      throw Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' });
    });
    await service.deliverDue(NOW);
    expect(deliveries.failedAttempt).toHaveBeenCalledWith(
      'pb-1',
      1,
      null,
      'Refused: a private address',
      null,
    );
    expect(deliveries.failedAttempt).toHaveBeenCalledWith(
      'pb-2',
      1,
      null,
      'Host not found',
      NOW + RETRY_BASE_MS,
    );
  });

  it('starts at most perWebsite calls of one website, and skips a full website while they run', async () => {
    const { service, deliveries, http } = build({ total: 16, perWebsite: 2 });
    const answers: ((status: number) => void)[] = [];
    http.send.mockImplementation(() => new Promise<number>((resolve) => answers.push(resolve)));
    due(deliveries, [
      delivery({ id: 'a1' }),
      delivery({ id: 'a2' }),
      delivery({ id: 'a3' }),
      delivery({ id: 'b1', website_id: 'site-2' }),
    ]);
    const running = service.deliverDue(NOW);
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(deliveries.lease).toHaveBeenCalledWith(['a1', 'a2', 'b1'], NOW, 60_000);
    // The pass a new conversion asks for leaves the website with two calls on the way out.
    service.pump();
    await vi.waitFor(() => expect(deliveries.dueCandidates).toHaveBeenCalledTimes(2));
    expect(deliveries.dueCandidates).toHaveBeenLastCalledWith(expect.any(Number), 13, 2, ['site-1']);
    for (const answer of answers) answer(200);
    await running;
    expect(deliveries.delivered).toHaveBeenCalledTimes(3);
  });

  it('logs a failed claim and keeps the lane working', async () => {
    const { service, deliveries, log } = build();
    deliveries.dueCandidates.mockRejectedValueOnce(new Error('database away'));
    service.pump();
    await vi.waitFor(() =>
      expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.any(String)),
    );
    await expect(service.deliverDue(NOW)).resolves.toBe(0);
  });

  it('ends calls on the way without recording them when stopped', async () => {
    const { service, deliveries, http } = build();
    due(deliveries, [delivery()]);
    http.send.mockImplementation(
      (_url, signal) =>
        new Promise<number>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    service.pump();
    await vi.waitFor(() => expect(http.send).toHaveBeenCalledTimes(1));
    await service.stop();
    expect(http.close).toHaveBeenCalled();
    expect(deliveries.failedAttempt).not.toHaveBeenCalled();
    expect(deliveries.delivered).not.toHaveBeenCalled();
    await expect(service.deliverDue(NOW)).resolves.toBe(0);
  });

  it('lists a website’s last deliveries, after checking it may be read', async () => {
    const { service, deliveries, access } = build();
    const listed = toDelivery(delivery());
    deliveries.listByWebsite.mockResolvedValue([listed]);
    await expect(service.list(alice, 'site-1')).resolves.toEqual([listed]);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
    expect(deliveries.listByWebsite).toHaveBeenCalledWith('site-1', 50);
  });
});
