import { lookup } from 'node:dns/promises';
import type { PostbackDelivery } from '@ocx/contracts';
import { isPrivateAddress, MAX_POSTBACK_ATTEMPTS, postbackRetryDelay } from '@ocx/core';
import type { DeliveryRow, PostbackRepository } from '../storage/sql/postback.repository';
import type { CurrentUser, WebsiteService } from './website.service';

const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** Delivers queued postbacks (GET), retrying with exponential backoff; visible per website. */
export class PostbackService {
  constructor(
    private readonly deliveries: PostbackRepository,
    private readonly websites: WebsiteService,
    private readonly retryBaseMs: number,
    private readonly allowPrivate: boolean,
    private readonly send: (url: string) => Promise<number> = httpGet,
  ) {}

  /** One pass over the due deliveries; returns how many were tried. */
  async deliverDue(now = Date.now()): Promise<number> {
    const due = await this.deliveries.claimDue(now, 20, LEASE_MS);
    await Promise.all(due.map((d) => this.attempt(d)));
    return due.length;
  }

  async list(user: CurrentUser, websiteId: string): Promise<PostbackDelivery[]> {
    await this.websites.owned(user, websiteId);
    return (await this.deliveries.listByWebsite(websiteId, 50)).map(toDelivery);
  }

  private async attempt(d: DeliveryRow): Promise<void> {
    const attempts = d.attempts + 1;
    let status: number | null = null;
    try {
      const refusal = this.allowPrivate ? null : await privateTarget(d.url);
      if (refusal) return await this.deliveries.failedAttempt(d.id, attempts, null, refusal, null);
      status = await this.send(d.url);
      if (status >= 200 && status < 300)
        return await this.deliveries.delivered(d.id, attempts, status, Date.now());
      await this.retryLater(d, attempts, status, `HTTP ${status}`);
    } catch (error) {
      await this.retryLater(d, attempts, status, error instanceof Error ? error.message : String(error));
    }
  }

  private retryLater(d: DeliveryRow, attempts: number, status: number | null, error: string) {
    const next =
      attempts >= MAX_POSTBACK_ATTEMPTS ? null : Date.now() + postbackRetryDelay(attempts, this.retryBaseMs);
    return this.deliveries.failedAttempt(d.id, attempts, status, error, next);
  }
}

/** Why the URL must not be called (it points into a private network), or null. */
async function privateTarget(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = await lookup(host, { all: true });
  const inside = addresses.find((a) => isPrivateAddress(a.address));
  return inside
    ? `Refused: ${host} resolves to the private address ${inside.address} (set POSTBACK_ALLOW_PRIVATE=true to allow)`
    : null;
}

async function httpGet(url: string): Promise<number> {
  const response = await fetch(url, {
    method: 'GET',
    redirect: 'follow',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}

function toDelivery(r: DeliveryRow): PostbackDelivery {
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
