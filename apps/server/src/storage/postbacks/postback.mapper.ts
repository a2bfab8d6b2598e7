import type { PostbackDelivery } from '@ocx/contracts';
import type { Selectable } from 'kysely';
import type { PostbackDeliveryTable } from '../../db/schema';

/** A stored delivery as the database gives it. */
export type DeliveryRow = Selectable<PostbackDeliveryTable>;

/** A delivery as the postback list shows it: times as ISO text, the next attempt only while pending. */
export function toDelivery(r: DeliveryRow): PostbackDelivery {
  const iso = (t: number | null) => (t === null ? null : new Date(Number(t)).toISOString());
  return {
    id: r.id,
    conversionId: r.conversion_id,
    url: r.url,
    status: r.status === 'delivered' || r.status === 'failed' ? r.status : 'pending',
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    createdAt: iso(r.created_at) ?? '',
    deliveredAt: iso(r.delivered_at),
  };
}
