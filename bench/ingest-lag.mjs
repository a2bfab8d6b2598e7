// How far derivation lags the acknowledgement during a bench run, as the servers report it
// (/api/health's ingest.derivationLagMs, with the bench's HEALTH_TOKEN): sampled every `everyMs`.

import { BENCH_HEALTH_TOKEN } from './harness.mjs';

/**
 * Starts sampling every server; stop() resolves with the samples (the worst server's lag each time),
 * or null for a build that does not report the lag (BENCH_SERVER_MAIN from before issue 43).
 */
export function sampleDerivationLag(bases, everyMs = 250) {
  const samples = [];
  let stopped = false;
  const lagOf = async (base) => {
    const res = await fetch(`${base}/api/health`, {
      headers: { authorization: `Bearer ${BENCH_HEALTH_TOKEN}` },
    });
    const lag = (await res.json()).ingest?.derivationLagMs;
    return typeof lag === 'number' ? lag : null;
  };
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      // A health answer slowed by the load is a late sample, not a missing one.
      const lags = await Promise.all(bases.map(lagOf));
      if (lags.includes(null)) break;
      samples.push(Math.max(...lags));
      const rest = everyMs - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return samples.length > 0 ? samples : null;
    },
  };
}

/** The p-th percentile (0–100) of the samples, nearest rank; 'n/a' without samples. */
export function percentile(samples, p) {
  if (!samples) return 'n/a';
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
