import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuzzTargets } from '../../test/fuzz-bodies';
import { fuzzTargets, runFuzz, serverErrors } from '../../test/fuzz-run';
import { createTestApp, dialects, healthDetails, type TestApp } from '../../test/test-app';

/** `npm run fuzz` sends 100,000 from the same generator; the suite sends 4,000 per store (10,000 took 70 s each). */
const SEED = 20261121;
const BODIES = 4_000;

describe.each(dialects)('collect and S2S under 4,000 generated bodies on %s', (dialect) => {
  let t: TestApp;
  let targets: FuzzTargets;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    targets = await fuzzTargets(t.app);
  });
  afterAll(() => t.close());

  it('never answers 5xx and keeps serving', async () => {
    const result = await runFuzz(t.app, targets, BODIES, SEED);
    expect(result.failures).toEqual([]);
    expect(serverErrors(result)).toBe(0);
    // The bodies reach every outcome: stored, refused, dropped by the pipeline, unauthorised.
    expect(result.s2s).toBeGreaterThan(BODIES / 5);
    for (const status of [201, 202, 400, 401, 413])
      expect(result.byStatus.get(status) ?? 0, `${status}`).toBeGreaterThan(BODIES / 100);
    expect(result.byStatus.get(200), 'repeated dedupe keys').toBeGreaterThan(0);
    const health = await healthDetails(t.app);
    expect(health.status).toBe('ok');
    expect(health.ingest.accepted).toBeGreaterThan(BODIES / 10);
  }, 600_000);
});
