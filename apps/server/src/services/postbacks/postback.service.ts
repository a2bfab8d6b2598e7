import type { PostbackDelivery } from '@ocx/contracts';
import { MAX_POSTBACK_ATTEMPTS, postbackRetryDelay } from '@ocx/core';
import type { DeliveryRow, PostbackRepository } from '../../storage/postbacks/postback.repository';
import type { Access, CurrentUser } from '../platform/access';
import { deliveryError, type PostbackSender, RefusedAddressError } from './postback-http';

const LEASE_MS = 60_000;

/** How many calls the delivery lane makes at once, in all and per website. */
interface LaneLimits {
  total: number;
  perWebsite: number;
}

export interface LaneLog {
  error(fields: { err: unknown }, message: string): void;
}

/**
 * Delivers queued postbacks (GET), retrying with exponential backoff; visible per website.
 * Deliveries run in a lane of their own: at most `limits.total` calls at once and `perWebsite` per
 * website, the oldest due first but one website's backlog never takes another's turn. Nothing else
 * waits for a call: crediting (BackgroundJobs) only asks the lane to look for due deliveries.
 */
export class PostbackService {
  private readonly perWebsite = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private claiming: Promise<number> | null = null;
  private wanted = false;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly deliveries: PostbackRepository,
    private readonly access: Access,
    private readonly retryBaseMs: number,
    private readonly http: { send: PostbackSender; close(): Promise<void> },
    private readonly log: LaneLog,
    private readonly limits: LaneLimits = { total: 16, perWebsite: 2 },
  ) {}

  /** Starts the due deliveries that fit in the lane and returns at once. */
  pump(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.wanted = true;
      return;
    }
    this.claiming = this.claimAndStart()
      .catch((err: unknown) => {
        this.log.error({ err }, 'claiming due postbacks failed; the lane tries again on the next pass');
        return 0;
      })
      .finally(() => {
        this.claiming = null;
        if (this.wanted) {
          this.wanted = false;
          this.pump();
        }
      });
  }

  /** Starts what is due and waits for those calls; returns how many were started (tests). */
  async deliverDue(now = Date.now()): Promise<number> {
    await this.claiming;
    const started = await this.claimAndStart(now);
    await Promise.all(this.running);
    return started;
  }

  /** Delivers until nothing is due and nothing is on the way (tests wait for the lane with it). */
  async settle(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      await this.claiming;
      const started = await this.claimAndStart();
      if (this.running.size === 0) {
        if (started === 0) return;
      } else await Promise.race(this.running);
    }
  }

  /** Ends the calls on the way without recording them: their lease runs out and a later start retries. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.claiming;
    await Promise.all(this.running);
    await this.http.close();
  }

  async list(user: CurrentUser, websiteId: string): Promise<PostbackDelivery[]> {
    await this.access.website(user, websiteId, 'read');
    return this.deliveries.listByWebsite(websiteId, 50);
  }

  private async claimAndStart(now = Date.now()): Promise<number> {
    const free = this.limits.total - this.running.size;
    if (free <= 0 || this.stopped) return 0;
    const full = [...this.perWebsite].filter(([, n]) => n >= this.limits.perWebsite).map(([id]) => id);
    const candidates = await this.deliveries.dueCandidates(now, free, this.limits.perWebsite, full);
    // A website with calls on the way gets only its free slots.
    const taken = new Map<string, number>();
    const ids = candidates
      .filter((c) => {
        const n = (this.perWebsite.get(c.websiteId) ?? 0) + (taken.get(c.websiteId) ?? 0);
        if (n >= this.limits.perWebsite) return false;
        taken.set(c.websiteId, (taken.get(c.websiteId) ?? 0) + 1);
        return true;
      })
      .map((c) => c.id);
    const leased = await this.deliveries.lease(ids, now, LEASE_MS);
    for (const row of leased) this.start(row);
    return leased.length;
  }

  private start(row: DeliveryRow): void {
    const site = row.website_id;
    this.perWebsite.set(site, (this.perWebsite.get(site) ?? 0) + 1);
    const call: Promise<void> = this.attempt(row)
      .catch((err: unknown) => this.log.error({ err }, 'recording a postback attempt failed'))
      .finally(() => {
        this.running.delete(call);
        const left = (this.perWebsite.get(site) ?? 1) - 1;
        if (left > 0) this.perWebsite.set(site, left);
        else this.perWebsite.delete(site);
        // A slot is free: the next due delivery (of any website) may start.
        this.pump();
      });
    this.running.add(call);
  }

  private async attempt(d: DeliveryRow): Promise<void> {
    const attempts = d.attempts + 1;
    let status: number;
    try {
      status = await this.http.send(d.url, this.abort.signal);
    } catch (error) {
      if (this.stopped) return;
      // A refused address is never called, so there is nothing to retry.
      if (error instanceof RefusedAddressError)
        return this.deliveries.failedAttempt(d.id, attempts, null, error.message, null);
      return this.retryLater(d, attempts, null, deliveryError(error));
    }
    if (status >= 200 && status < 300) return this.deliveries.delivered(d.id, attempts, status, Date.now());
    return this.retryLater(d, attempts, status, `HTTP ${status}`);
  }

  private retryLater(d: DeliveryRow, attempts: number, status: number | null, error: string) {
    const next =
      attempts >= MAX_POSTBACK_ATTEMPTS ? null : Date.now() + postbackRetryDelay(attempts, this.retryBaseMs);
    return this.deliveries.failedAttempt(d.id, attempts, status, error, next);
  }
}
