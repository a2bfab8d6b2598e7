// `npm run bench:recompute` (not part of npm test): a recompute of 100,000 conversions. Sets up a
// website like a user would, writes 90 days of traffic in which half the sessions end in a purchase
// straight into its SQLite file (query-seed.ts), starts the built server and times (1) crediting
// every conversion from scratch, (2) the recompute a change of the attribution window starts
// (to 90 days: every credit of every conversion is worked out again and the new version replaces
// the old one when it is complete), read from GET /api/websites/:id/attribution-status.
// Last line: bench:recompute conversions=… credit_s=… recompute_s=… conversions_per_s=…
import { ms, seededDataDir, startSeeded, waitForCredits } from './bench-website.mjs';
import { api, intEnv, stopChild } from './harness.mjs';

const EVENTS = intEnv('BENCH_EVENTS', 760_000);
const BUY_RATE = 0.5;
const TIMEOUT_MS = 30 * 60_000;

async function waitForRecompute(base, cookie, siteId, started) {
  let reported = 0;
  for (;;) {
    const { json } = await api(base, cookie, 'GET', `/api/websites/${siteId}/attribution-status`);
    if (!json.running && json.activeVersion === json.targetVersion && json.targetVersion > 1) return json;
    const elapsed = performance.now() - started;
    if (elapsed > TIMEOUT_MS) throw new Error(`recompute not done after 30 min: ${JSON.stringify(json)}`);
    if (elapsed - reported > 10_000) {
      reported = elapsed;
      console.log(`  … ${json.done} of ${json.total} after ${ms(elapsed / 1000)} s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  const seeded = await seededDataDir('recompute', EVENTS, BUY_RATE);
  if (!seeded) return;
  const { base, seed, wrote } = seeded;
  const { server, cookie } = await startSeeded(seeded);
  try {
    const credit = performance.now();
    await waitForCredits(base, cookie, seed.siteId, wrote.conversions);
    const creditS = (performance.now() - credit) / 1000;
    console.log(`  ${wrote.conversions} conversions credited in ${ms(creditS)} s`);

    const { json: site } = await api(base, cookie, 'GET', `/api/websites/${seed.siteId}`);
    const recompute = performance.now();
    const window = site.attribution.window === 90 ? 60 : 90;
    await api(base, cookie, 'PATCH', `/api/websites/${seed.siteId}`, {
      attribution: { ...site.attribution, window },
    });
    const done = await waitForRecompute(base, cookie, seed.siteId, recompute);
    const recomputeS = (performance.now() - recompute) / 1000;
    console.log(
      `  recompute of ${done.total} conversions (window ${site.attribution.window} → ${window} days) in ${ms(recomputeS)} s`,
    );
    console.log(
      `bench:recompute conversions=${done.total} credit_s=${ms(creditS)} recompute_s=${ms(recomputeS)} conversions_per_s=${Math.round(done.total / recomputeS)}`,
    );
  } finally {
    await stopChild(server);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
