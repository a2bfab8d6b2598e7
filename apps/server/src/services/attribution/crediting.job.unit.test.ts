import type { Transaction } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../db/schema';
import type { AttributionRepository } from '../../storage/attribution/attribution.repository';
import { CREDIT_STATE } from '../../storage/attribution/credit-state';
import type { PendingConversion } from '../../storage/attribution/pending-conversion';
import type { PostbackRepository } from '../../storage/postbacks/postback.repository';
import { mockOf } from '../../test/service-mocks';
import { settings } from './crediting.fakes';
import { CreditingJob, creditingTasks } from './crediting.job';

// The recompute and PostgreSQL's per-website passes; crediting-selection.test.ts covers SQLite's
// snapshot pass on the same kind of fakes.
const NOW = Date.UTC(2026, 10, 25, 12);
const trx = { transaction: 'trx' } as unknown as Transaction<DB>;

const conversion = (id: string, websiteId = 'w1'): PendingConversion => ({
  id,
  websiteId,
  goalName: 'Purchase',
  currency: 'USD',
  visitorId: 'v1',
  campaignId: null,
  clickRowId: null,
  valueMinor: 10_000,
  ts: NOW,
  state: CREDIT_STATE.credited,
  pathChanges: 0,
});

function build(answers: Partial<AttributionRepository> = {}) {
  const repo = mockOf<AttributionRepository>(answers);
  const postbacks = mockOf<PostbackRepository>();
  repo.transaction.mockImplementation(async (fn) => fn(trx));
  repo.touchpoints.mockResolvedValue([]);
  repo.settings.mockImplementation(async (_db, _w, version) => (version === 3 ? settings(30) : undefined));
  return { job: new CreditingJob(repo, postbacks), repo, postbacks };
}

describe('the crediting job’s recompute, without a database', () => {
  afterEach(() => vi.useRealTimers());

  it('credits the missing conversions under the target version and switches over after the last chunk', async () => {
    vi.useFakeTimers({ now: NOW });
    const { job, repo } = build();
    repo.runningJobs.mockResolvedValue([{ websiteId: 'w1', targetVersion: 3 }]);
    repo.missingVersion.mockResolvedValue([conversion('c1'), conversion('c2')]);

    expect(await job.recomputeStep()).toBe(2);

    expect(repo.lockWebsite).toHaveBeenCalledWith(trx, 'w1');
    expect(repo.missingVersion).toHaveBeenCalledWith(trx, 'w1', 3, 500);
    expect(repo.insertCredits.mock.calls.map(([, c, version]) => [c.id, version])).toEqual([
      ['c1', 3],
      ['c2', 3],
    ]);
    // No click in its window: the whole conversion goes to direct.
    expect(repo.insertCredits.mock.calls[0]?.[3]).toMatchObject([{ campaignId: null, channel: 'direct' }]);
    expect(repo.markCredited).toHaveBeenCalledTimes(2);
    expect(repo.progress).toHaveBeenCalledWith(trx, 'w1', 2, NOW);
    expect(repo.activate).toHaveBeenCalledWith(trx, 'w1', 3, NOW);
  });

  it('marks only the conversion whose credits cannot be stored, and still finishes the chunk', async () => {
    const { job, repo } = build();
    repo.runningJobs.mockResolvedValue([{ websiteId: 'w1', targetVersion: 3 }]);
    repo.missingVersion.mockResolvedValue([conversion('good'), conversion('bad')]);
    repo.insertCredits.mockImplementation(async (_trx, c) => {
      if (c.id === 'bad') throw new Error('disk full');
    });

    expect(await job.recomputeStep()).toBe(2);

    expect(repo.markFailed).toHaveBeenCalledTimes(1);
    expect(repo.markFailed).toHaveBeenCalledWith(trx, 'bad', 'Credits could not be stored: disk full');
    expect(repo.markCredited.mock.calls.map(([, c]) => c.id)).toContain('good');
    expect(repo.activate).toHaveBeenCalledWith(trx, 'w1', 3, expect.any(Number));
  });

  it('goes on with the other websites when one’s target settings are missing, then reports that failure', async () => {
    const { job, repo } = build();
    repo.runningJobs.mockResolvedValue([
      { websiteId: 'lost', targetVersion: 9 },
      { websiteId: 'w1', targetVersion: 3 },
    ]);
    repo.missingVersion.mockImplementation(async (_db, websiteId) => [
      conversion(`${websiteId}-c`, websiteId),
    ]);

    await expect(job.recomputeStep()).rejects.toThrow('attribution settings version 9 of lost is missing');

    expect(repo.activate).toHaveBeenCalledTimes(1);
    expect(repo.activate).toHaveBeenCalledWith(trx, 'w1', 3, expect.any(Number));
    expect(repo.markCredited.mock.calls.map(([, c]) => c.id)).toEqual(['w1-c']);
  });

  it('keeps a recompute running while a full chunk was left to do', async () => {
    const { job, repo } = build();
    repo.runningJobs.mockResolvedValue([{ websiteId: 'w1', targetVersion: 3 }]);
    repo.missingVersion.mockResolvedValue(Array.from({ length: 500 }, (_, i) => conversion(`c${i}`)));
    expect(await job.recomputeStep()).toBe(500);
    expect(repo.progress).toHaveBeenCalledWith(trx, 'w1', 500, expect.any(Number));
    expect(repo.activate).not.toHaveBeenCalled();
  });
});

describe('the crediting job on PostgreSQL, without a database', () => {
  it('credits each website in a transaction of its own that holds its lock', async () => {
    const { job, repo } = build({ locksPerWebsite: true });
    repo.websitesWithPending.mockResolvedValue(['w1', 'w2']);
    repo.claim.mockImplementation(async (_db, websiteId) => [conversion(`${websiteId}-c`, websiteId)]);
    repo.siteFacts.mockResolvedValue({ current: settings(30), postbackUrl: null });
    repo.job.mockResolvedValue(undefined);

    expect(await job.creditNew()).toBe(2);

    expect(repo.websitesWithPending).toHaveBeenCalledWith(repo.db, 50);
    expect(repo.snapshot).not.toHaveBeenCalled();
    expect(repo.transaction).toHaveBeenCalledTimes(2);
    expect(repo.lockWebsite.mock.calls.map(([, w]) => w)).toEqual(['w1', 'w2']);
    // A website without a job yet writes its first version with its first credits.
    expect(repo.ensureFirstVersion).toHaveBeenCalledWith(trx, 'w1', settings(30), expect.any(Number));
    expect(repo.insertCredits.mock.calls.map(([, c, version]) => [c.id, version])).toEqual([
      ['w1-c', 1],
      ['w2-c', 1],
    ]);
  });

  it('runs the new conversions before the recompute', async () => {
    const runner = { creditNew: vi.fn(async () => 1), recomputeStep: vi.fn(async () => 2) };
    const tasks = creditingTasks(runner);
    expect(tasks.map((t) => t.name)).toEqual(['credit new conversions', 'recompute credits']);
    expect(await tasks[1]?.run()).toBe(2);
    expect(runner.recomputeStep).toHaveBeenCalledOnce();
    expect(runner.creditNew).not.toHaveBeenCalled();
  });
});
