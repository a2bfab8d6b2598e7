import type { AttributionStatus } from '@ocx/contracts';
import type { CreditSettings } from '@ocx/core';
import type { AttributionRepository } from '../../storage/attribution/attribution.repository';
import type { Access, CurrentUser } from '../platform/access';

/**
 * A website's attribution versions: a settings change starts a recompute (done in the background by
 * the crediting job, which keeps the old figures until the new ones are complete) and its status.
 */
export class AttributionService {
  constructor(
    private readonly repo: AttributionRepository,
    private readonly access: Access,
  ) {}

  /** The window, weights, decay or cross-device tracking changed: credit everything again. */
  async settingsChanged(websiteId: string, before: CreditSettings, after: CreditSettings) {
    const now = Date.now();
    await this.repo.transaction(async (trx) => {
      await this.repo.lockWebsite(trx, websiteId);
      await this.repo.ensureFirstVersion(trx, websiteId, before, now);
      const job = await this.repo.job(trx, websiteId);
      const total = await this.repo.countConversions(trx, websiteId);
      await this.repo.startVersion(trx, websiteId, (job?.targetVersion ?? 1) + 1, after, total, now);
    });
  }

  async status(user: CurrentUser, websiteId: string): Promise<AttributionStatus> {
    await this.access.website(user, websiteId, 'read');
    const job = await this.repo.job(this.repo.db, websiteId);
    const active = job?.activeVersion ?? 1;
    const target = job?.targetVersion ?? active;
    return {
      activeVersion: active,
      targetVersion: target,
      running: target > active,
      done: job?.done ?? 0,
      total: job?.total ?? 0,
    };
  }

  /** Conversions waiting for their credits and conversions that could not be credited (health). */
  crediting(): Promise<{ pending: number; failed: number }> {
    return this.repo.crediting(this.repo.db);
  }
}
