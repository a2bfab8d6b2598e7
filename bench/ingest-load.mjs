// bench:ingest's load: a website set up as a user would, and POST /api/collect under autocannon.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { api } from './harness.mjs';
import traffic from './traffic.cjs';

const { collectRequest, createTraffic } = traffic;

const COLLECT_REQUEST = join(dirname(fileURLToPath(import.meta.url)), 'collect-request.cjs');

export const round2 = (n) => Math.round(n * 100) / 100;

/** A website on bench.test with a click goal, an event goal and a campaign (whose ocxid the traffic uses). */
export async function setUpWebsite(base, cookie, name) {
  const { json: site } = await api(base, cookie, 'POST', '/api/websites', { name, rootDomain: 'bench.test' });
  await api(base, cookie, 'POST', `/api/websites/${site.id}/goals`, {
    name: 'Add to cart',
    type: 'click',
    conditions: { selector: '#add-to-cart' },
  });
  await api(base, cookie, 'POST', `/api/websites/${site.id}/goals`, {
    name: 'Signup',
    type: 'event',
    conditions: { event: 'signup' },
    value: 10,
  });
  const { json: campaign } = await api(base, cookie, 'POST', `/api/websites/${site.id}/campaigns`, {
    name: 'Spring sale',
    network: 'Google Ads',
    source: 'Search',
    landingPage: 'https://bench.test/spring',
  });
  return { siteId: site.id, ocxid: campaign.ocxid };
}

/**
 * Loads POST /api/collect over `connections` for `duration` seconds, or until exactly `amount`
 * requests are answered (nothing left in flight, so the answers can be compared with the rows). In
 * this thread it counts the answers itself and remembers every eventId answered 2xx; the rate runs
 * from the start to the last answer. With `workers` > 0 autocannon runs that many client threads
 * (collect-request.cjs) and only its status code counts come back.
 */
export async function load(base, trafficOptions, { connections, duration, amount, workers = 0 }) {
  const common = {
    url: base,
    connections,
    pipelining: 1,
    ...(amount ? { amount } : { duration }),
    timeout: 30,
  };
  if (workers > 0) {
    process.env.BENCH_TRAFFIC = JSON.stringify(trafficOptions);
    const result = await autocannon({
      ...common,
      workers,
      requests: [{ method: 'POST', path: '/api/collect', setupRequest: COLLECT_REQUEST }],
    });
    const ok = result['2xx'];
    return {
      ok,
      non2xx: result.non2xx,
      notAccepted: 0,
      statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
      acked: [],
      seconds: result.duration,
      secondHalfRate: ok / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
    };
  }

  const tally = { ok: 0, non2xx: 0, notAccepted: 0, statuses: {}, acked: [], lastAnswerAt: 0 };
  const startedAt = performance.now();
  // Answers and time at mid-run: the second half's rate is the warmed-up one.
  const halfway = { at: duration ? startedAt + duration * 500 : Number.POSITIVE_INFINITY, ok: -1, t: 0 };
  const result = await autocannon({
    ...common,
    requests: [
      {
        method: 'POST',
        path: '/api/collect',
        setupRequest: collectRequest(createTraffic(trafficOptions)),
        onResponse: (status, body, context) => {
          tally.lastAnswerAt = performance.now();
          if (halfway.ok < 0 && tally.lastAnswerAt >= halfway.at) {
            halfway.ok = tally.ok;
            halfway.t = tally.lastAnswerAt;
          }
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300) {
            tally.ok += 1;
            tally.acked.push(context.eventId);
            if (!body.startsWith('{"accepted":1,')) {
              tally.notAccepted += 1;
              if (tally.notAccepted <= 3) console.error(`answered 2xx without storing: ${body}`);
            }
          } else {
            tally.non2xx += 1;
            if (tally.non2xx <= 3) console.error(`answered ${status}: ${body.slice(0, 300)}`);
          }
        },
      },
    ],
  });
  return {
    ...tally,
    seconds: round2((tally.lastAnswerAt - startedAt) / 1000),
    secondHalfRate: halfway.ok >= 0 ? ((tally.ok - halfway.ok) * 1000) / (tally.lastAnswerAt - halfway.t) : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
