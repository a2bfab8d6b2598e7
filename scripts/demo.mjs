// `npm run demo`: fills a running OCX with a demo shop and a few thousand synthetic visits, sent through
// the real tracking endpoint (docs/decisions.md#every-number-is-real: sample data exists only this way).
//
//   DEMO_URL   the running OCX (default http://localhost:3000; start it first with `npm start`)
//   DEMO_SEED  which set of visits (default 1). The same seed sends the same event ids again, which the
//              server stores once; another seed adds another set.
//   DEMO_VISITORS  how many visitors (default 2000).
//
// Everything is deterministic (a seeded PRNG) except the time: visits lie in the 6 days before now.

import { BASE, EMAIL, PASSWORD, ROOT_DOMAIN, SEED, SITE_NAME } from './demo/demo-config.mjs';
import {
  conversionValues,
  creditedPerModel,
  creditStates,
  formatMinor,
  RULES,
  waitForCredits,
} from './demo/demo-credits.mjs';
import { api, ensureReachable, ensureWebsite, signIn } from './demo/demo-http.mjs';
import { sendAll } from './demo/demo-send.mjs';
import { buildVisitors } from './demo/demo-visits.mjs';
import { ensureWorkspace } from './demo/demo-workspace.mjs';

// ---------------------------------------------------------------------------------------------

const fmt = (n) => n.toLocaleString('en-US');

/** Money per currency, largest first: never added across currencies. */
const perCurrency = (amounts) =>
  Object.entries(amounts)
    .sort((a, b) => b[1] - a[1])
    .map(([currency, sum]) => `${currency} ${sum.toFixed(2)}`)
    .join(', ');

function tally(list, keyOf) {
  const counts = new Map();
  for (const item of list) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

async function main() {
  await ensureReachable();
  console.log(`OCX demo → ${BASE}`);
  console.log(`  ${await signIn()} (${EMAIL})`);
  const { site, campaigns, notes } = await ensureWebsite();
  notes.push(...(await ensureWorkspace(site.id)));
  console.log(`  ${notes.join('; ')}`);

  const now = Date.now();
  const visitors = buildVisitors(campaigns, now);
  const sessions = visitors.flatMap((v) => v.sessions);
  const purchases = sessions.filter((s) => s.purchase);
  const revenue = {};
  for (const { purchase } of purchases)
    revenue[purchase.currency] = (revenue[purchase.currency] ?? 0) + purchase.value;
  console.log(
    `  sending ${fmt(sessions.length)} visits of ${fmt(visitors.length)} visitors over the last 6 days (seed ${SEED})…`,
  );
  const before = new Map(
    (await api('GET', `/api/websites/${site.id}/campaigns`)).map((c) => [c.id, c.metrics]),
  );
  const conversionsBefore = (await creditStates(site.id)).total;
  const stats = await sendAll(site.id, visitors);

  // Countries: the latest stored events of this run's visitors (else simply the latest event).
  const recent = await api('GET', `/api/websites/${site.id}/events?limit=200`);
  const ours = recent.filter((e) => e.visitorId.startsWith(`demo${SEED}v`));
  const sample = ours.length > 0 ? ours : await api('GET', `/api/websites/${site.id}/events?limit=1`);
  const crediting = await waitForCredits(site.id, conversionsBefore + stats.conversionsAccepted);
  const metrics = await api('GET', `/api/websites/${site.id}/campaigns`);
  const credited = await creditedPerModel(site.id);
  const values = await conversionValues(site.id);

  console.log('');
  console.log('OCX demo data is ready.');
  console.log(`  Open:        ${BASE}`);
  console.log(`  Sign in:     ${EMAIL} / ${PASSWORD}`);
  console.log(`  Website:     ${SITE_NAME} (${ROOT_DOMAIN}), id ${site.id}`);
  console.log(
    `  Sent:        ${fmt(stats.visits)} visits, ${fmt(stats.events)} events in ${fmt(stats.requests)} requests, ` +
      `${fmt(stats.conversions)} conversion events (${fmt(purchases.length)} purchases)`,
  );
  console.log(
    `  Accepted:    ${fmt(stats.visitsAccepted)} visits, ${fmt(stats.accepted)} events, ` +
      `${fmt(stats.conversionsAccepted)} conversion events`,
  );
  const droppedTotal = Object.values(stats.dropped).reduce((a, b) => a + b, 0);
  console.log(
    `  Dropped:     ${
      droppedTotal
        ? Object.entries(stats.dropped)
            .map(([r, n]) => `${r} ${n}`)
            .join(', ')
        : 'none'
    }`,
  );
  if (stats.rateLimited)
    console.log(
      `  Rate limits: ${stats.rateLimited} answers 429, paused ${stats.pausedS} s in all, then retried them`,
    );
  console.log(`  Sources:     ${tally(sessions, (s) => s.source.key)}`);
  console.log(`  Devices:     ${tally(visitors, (v) => v.device)}`);
  console.log(`  Revenue:     ${perCurrency(revenue)} (sent with the purchase events)`);
  for (const c of metrics) {
    const m = c.metrics;
    const was = before.get(c.id) ?? { clicks: 0, conversions: 0 };
    console.log(
      `  Campaign:    ${c.name} (${c.network}/${c.source}): ${fmt(m.clicks)} clicks (+${fmt(m.clicks - was.clicks)} ` +
        `this run), ${fmt(m.conversions)} conversions (+${fmt(m.conversions - was.conversions)}), revenue ${perCurrency(m.revenueByCurrency) || 'none'}`,
    );
  }
  const models = Object.entries(credited);
  const key = (sums) => JSON.stringify(Object.entries(sums).sort());
  const exact = models.filter(([, sums]) => key(sums) === key(values)).map(([model]) => model);
  if (crediting.pending > 0)
    console.log(
      `  Credited:    not yet — ${fmt(crediting.pending)} of ${fmt(crediting.total)} conversions still wait for their credits ` +
        'after 3 minutes; the Dashboard and the Conversions Log show them once credited.',
    );
  else
    console.log(
      `  Credited:    ${exact.length} of ${models.length} models credit exactly the conversions' value of the last 30 days, ` +
        `${formatMinor(values)}${
          exact.length < models.length
            ? ` (not: ${models
                .filter(([m]) => !exact.includes(m))
                .map(([m, s]) => `${m} ${formatMinor(s)}`)
                .join('; ')})`
            : ''
        }` +
        `${crediting.failed ? `; ${crediting.failed} conversions could not be credited` : ''}`,
    );
  if (sample.length > 0 && sample.every((e) => !e.country)) {
    console.log('  Countries:   none — this server ignores X-Forwarded-For, so every visit comes from this');
    console.log(
      '               machine. Restart OCX with TRUST_PROXY=true (e.g. `TRUST_PROXY=true npm start`)',
    );
    console.log('               and run the demo with another DEMO_SEED to add visits with countries.');
  } else {
    console.log(
      `  Countries:   ${tally(sample, (e) => e.country ?? '—')} (latest ${sample.length} events of this run)`,
    );
  }
  console.log('');
  console.log('How OCX gives credit:');
  for (const [name, rule] of RULES) console.log(`  ${`${name}:`.padEnd(12)} ${rule}`);
  console.log(
    '  Note: events are idempotent by eventId: "accepted" counts events already stored by an earlier run\n' +
      '  with the same DEMO_SEED, which are kept once (+0 above); DEMO_SEED=2, 3, … adds new visits.',
  );
}

main().catch((error) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
