// How far derivation lags the acknowledgement during a bench run, as the servers report it
// (/api/health's ingest.derivationLagMs, with the bench's HEALTH_TOKEN): sampled every `everyMs`.

import { BENCH_HEALTH_TOKEN } from './harness.mjs';

/** Starts sampling every server; stop() resolves with the samples (the worst server's lag each time). */
export function sampleDerivationLag(bases, everyMs = 250) {
  const samples = [];
  let stopped = false;
  const lagOf = async (base) => {
    const res = await fetch(`${base}/api/health`, {
      headers: { authorization: `Bearer ${BENCH_HEALTH_TOKEN}` },
    });
    const lag = (await res.json()).ingest?.derivationLagMs;
    if (typeof lag !== 'number') throw new Error(`${base}/api/health gave no ingest.derivationLagMs`);
    return lag;
  };
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      // A health answer slowed by the load is a late sample, not a missing one.
      samples.push(Math.max(...(await Promise.all(bases.map(lagOf)))));
      const rest = everyMs - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return samples;
    },
  };
}

/** The p-th percentile (0–100) of the samples, nearest rank; 0 without samples. */
export function percentile(samples, p) {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
