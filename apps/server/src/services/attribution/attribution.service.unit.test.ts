import type { Transaction } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AttributionRepository } from '../../storage/attribution/attribution.repository';
import { accessTo, member, strangerAccess } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import { AttributionService } from './attribution.service';
import { settings } from './crediting.fakes';

const NOW = Date.UTC(2026, 10, 25, 12);
const trx = { transaction: 'trx' } as unknown as Transaction<DB>;

function build(access = accessTo()) {
  const repo = mockOf<AttributionRepository>();
  repo.transaction.mockImplementation(async (fn) => fn(trx));
  return { service: new AttributionService(repo, access), repo, access };
}

describe('AttributionService without a database', () => {
  afterEach(() => vi.useRealTimers());

  it('starts the version after the target in one locked transaction, counting every conversion to redo', async () => {
    vi.useFakeTimers({ now: NOW });
    const { service, repo } = build();
    repo.job.mockResolvedValue({ activeVersion: 2, targetVersion: 3, total: 10, done: 4 });
    repo.countConversions.mockResolvedValue(42);
    const before = settings(7);
    const after = settings(30, true);

    await service.settingsChanged('w1', before, after);

    expect(repo.lockWebsite).toHaveBeenCalledWith(trx, 'w1');
    expect(repo.ensureFirstVersion).toHaveBeenCalledWith(trx, 'w1', before, NOW);
    expect(repo.countConversions).toHaveBeenCalledWith(trx, 'w1');
    expect(repo.startVersion).toHaveBeenCalledWith(trx, 'w1', 4, after, 42, NOW);
    // The lock comes before any read, so two changes at once number their versions apart.
    expect(repo.lockWebsite.mock.invocationCallOrder[0]).toBeLessThan(
      repo.job.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('makes version 2 for a website whose first settings were never versioned', async () => {
    const { service, repo } = build();
    repo.countConversions.mockResolvedValue(0);
    await service.settingsChanged('w1', settings(30), settings(14));
    expect(repo.startVersion).toHaveBeenCalledWith(trx, 'w1', 2, settings(14), 0, expect.any(Number));
  });

  it('reports a recompute under way while the target is ahead of the figures in use', async () => {
    const { service, repo } = build();
    repo.job.mockResolvedValue({ activeVersion: 2, targetVersion: 3, total: 40, done: 15 });
    expect(await service.status(member, 'w1')).toEqual({
      activeVersion: 2,
      targetVersion: 3,
      running: true,
      done: 15,
      total: 40,
    });
    expect(repo.job).toHaveBeenCalledWith(repo.db, 'w1');
  });

  it('reports version 1 at rest for a website without a job yet', async () => {
    const { service } = build();
    expect(await service.status(member, 'w1')).toEqual({
      activeVersion: 1,
      targetVersion: 1,
      running: false,
      done: 0,
      total: 0,
    });
  });

  it('asks read access for the status, and a stranger learns nothing', async () => {
    const { service, repo, access } = build(strangerAccess());
    await expect(service.status(member, 'w1')).rejects.toBeInstanceOf(NotFoundError);
    expect(access.website).toHaveBeenCalledWith(member, 'w1', 'read');
    expect(repo.job).not.toHaveBeenCalled();
  });

  it('passes the crediting backlog through from the repository', async () => {
    const { service, repo } = build();
    repo.crediting.mockResolvedValue({ pending: 3, failed: 1 });
    expect(await service.crediting()).toEqual({ pending: 3, failed: 1 });
  });
});
