// Sending the visits through POST /api/collect, as a tracker would.
import { BASE, CONCURRENCY, MAX_EVENTS_PER_REQUEST, SHOP } from './demo-config.mjs';
import { sleep } from './demo-http.mjs';

const isConversion = (e) =>
  (e.type === 'click' && e.selector === '#add-to-cart') ||
  (e.type === 'custom' && e.name === 'purchase') ||
  (e.type === 'pageview' && new URL(e.url).pathname === '/thank-you');

/** POST one batch; waits out 429 (Retry-After) and retries network errors and 5xx a few times. */
async function collect(siteId, visitor, events, stats) {
  const body = JSON.stringify({ site: siteId, events });
  for (let attempt = 1; ; attempt++) {
    if (stats.pausedUntil > Date.now()) await sleep(stats.pausedUntil - Date.now());
    let res;
    try {
      res = await fetch(`${BASE}/api/collect`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': visitor.ua,
          'x-forwarded-for': visitor.ip,
          origin: SHOP,
        },
        body,
      });
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(500 * attempt);
      continue;
    }
    if (res.status === 429) {
      // One pause shared by all senders until the window the server names (Retry-After) is over.
      const wait = Math.max(1, Number(res.headers.get('retry-after') ?? '5'));
      await res.text();
      stats.rateLimited += 1;
      const until = Date.now() + wait * 1000;
      if (until > stats.pausedUntil + 1000) {
        stats.pausedUntil = until;
        stats.pausedS += wait;
        console.log(`  rate limited (COLLECT_RATE_LIMIT per client address): pausing ${wait} s as asked…`);
      }
      continue;
    }
    const text = await res.text();
    if (res.status >= 500 && attempt < 5) {
      await sleep(500 * attempt);
      continue;
    }
    if (res.status !== 202) throw new Error(`POST /api/collect answered ${res.status}: ${text}`);
    return JSON.parse(text);
  }
}

export async function sendAll(siteId, visitors) {
  const stats = {
    requests: 0,
    events: 0,
    accepted: 0,
    conversions: 0,
    conversionsAccepted: 0,
    visits: 0,
    visitsAccepted: 0,
    dropped: {},
    rateLimited: 0,
    pausedUntil: 0,
    pausedS: 0,
  };
  const jobs = [];
  for (const visitor of visitors) {
    // A visitor's sessions go together (same device, same address), in order, ≤ 100 events a request.
    const events = visitor.sessions.flatMap((s) => s.events);
    for (let i = 0; i < events.length; i += MAX_EVENTS_PER_REQUEST)
      jobs.push({ visitor, events: events.slice(i, i + MAX_EVENTS_PER_REQUEST) });
  }
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const answer = await collect(siteId, job.visitor, job.events, stats);
      const dropped = new Set();
      for (const d of answer.dropped) {
        dropped.add(d.index);
        const reason = d.reason.split(':')[0];
        stats.dropped[reason] = (stats.dropped[reason] ?? 0) + 1;
      }
      job.events.forEach((e, i) => {
        const ok = !dropped.has(i);
        stats.events += 1;
        if (ok) stats.accepted += 1;
        if (isConversion(e)) {
          stats.conversions += 1;
          if (ok) stats.conversionsAccepted += 1;
        }
        if (e.eventId.endsWith('e00')) {
          stats.visits += 1;
          if (ok) stats.visitsAccepted += 1;
        }
      });
      stats.requests += 1;
      done += 1;
      if (done % 500 === 0) console.log(`  ${done}/${jobs.length} requests sent`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return stats;
}
