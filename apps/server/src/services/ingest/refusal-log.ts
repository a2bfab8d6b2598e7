import type { InstallationRefusal, InstallationRefusalReason } from '@ocx/contracts';
import type { DropReason } from '@ocx/core';
import { LRUCache } from 'lru-cache';

const FIRST_RUN_REASONS: ReadonlySet<DropReason> = new Set<DropReason>([
  'foreign_origin',
  'domain_not_configured',
]);

/**
 * The latest refusal per website of events that reached a known website but not its domain: what
 * first run shows while it waits ("events arrived from x.com and were refused"). In memory and
 * bounded; the ids are known websites (those drops happen after the website lookup).
 */
export class RefusalLog {
  private readonly latest = new LRUCache<string, InstallationRefusal>({ max: 10_000 });

  record(websiteId: string, reason: DropReason, detail: string | undefined, now: number): void {
    if (!FIRST_RUN_REASONS.has(reason)) return;
    const before = this.latest.get(websiteId);
    this.latest.set(websiteId, {
      reason: reason as InstallationRefusalReason,
      host: detail ?? null,
      at: new Date(now).toISOString(),
      count: (before?.count ?? 0) + 1,
    });
  }

  latestFor(websiteId: string): InstallationRefusal | null {
    return this.latest.get(websiteId) ?? null;
  }

  /** Once the domain is fixed, an old refusal would only mislead. */
  forget(websiteId: string): void {
    this.latest.delete(websiteId);
  }
}
