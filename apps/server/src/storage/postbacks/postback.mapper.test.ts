import { describe, expect, it } from 'vitest';
import { toDelivery } from './postback.mapper';
import type { DeliveryRow } from './postback.repository';

const NOW = Date.parse('2024-03-01T10:00:00.000Z');
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

describe('toDelivery', () => {
  it('gives the times as ISO text, the next attempt only while pending', () => {
    expect(
      toDelivery(delivery({ status: 'delivered', attempts: 1, last_status: 200, delivered_at: NOW })),
    ).toEqual({
      id: 'pb-1',
      conversionId: 'conv-1',
      url: 'https://partner.example/pb?id=conv-1',
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
      createdAt: new Date(NOW - 60_000).toISOString(),
      deliveredAt: new Date(NOW).toISOString(),
    });
    // PostgreSQL answers a bigint as text.
    const pending = delivery({ next_attempt_at: String(NOW + 1000) as unknown as number });
    expect(toDelivery(pending)).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date(NOW + 1000).toISOString(),
    });
  });

  it('reads a status the contract does not know (a lease) as pending, with no attempt promised', () => {
    expect(toDelivery(delivery({ status: 'leased', next_attempt_at: NOW + 1000 }))).toMatchObject({
      status: 'pending',
      nextAttemptAt: null,
    });
  });
});
