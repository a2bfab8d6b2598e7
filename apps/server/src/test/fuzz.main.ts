// npm run fuzz [count]: the fuzz test's generator, 100,000 bodies by default, in process against a
// fresh SQLite server (FUZZ_DIALECT=postgres with TEST_DATABASE_URL for PostgreSQL). The last line
// is `fuzz sent=… 5xx=…`; the exit code is 1 when any answer was a 5xx.
import { fuzzTargets, runFuzz, serverErrors } from './fuzz-run';
import { createTestApp } from './test-app';

const count = Number(process.argv[2] ?? 100_000);
const seed = Number(process.env.FUZZ_SEED ?? 20261121);
const dialect = process.env.FUZZ_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

const started = Date.now();
const t = await createTestApp(dialect);
try {
  const targets = await fuzzTargets(t.app);
  const result = await runFuzz(t.app, targets, count, seed, (sent) =>
    console.error(`… ${sent} sent, ${Math.round((Date.now() - started) / 1000)} s`),
  );
  for (const failure of result.failures) console.error('5xx:', JSON.stringify(failure));
  const statuses = [...result.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(',');
  const failed = serverErrors(result);
  const { accepted, dropped } = t.app.services.ingest.metrics.counts;
  const droppedTotal = Object.values(dropped).reduce((sum, n) => sum + n, 0);
  console.log(
    `fuzz sent=${result.sent} 5xx=${failed} collect=${result.collect} s2s=${result.s2s} events_accepted=${accepted} events_dropped=${droppedTotal} statuses=${statuses} seed=${seed} dialect=${dialect} seconds=${Math.round((Date.now() - started) / 1000)}`,
  );
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  await t.close();
}
