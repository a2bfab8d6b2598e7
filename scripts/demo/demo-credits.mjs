// After the visits: wait for crediting, then check that every model credits exactly the conversions'
// value, and say in a sentence each how OCX gives credit (docs/definitions.md#attribution-models).
import { api, sleep } from './demo-http.mjs';

export const RULES = [
  [
    'Channels',
    'a campaign link is paid (email for newsletter campaigns) whatever the referrer; any ad click id makes a visit paid; otherwise email, social, organic search, referral or direct by the UTM tags and the referrer (GA4 patterns; app referrers by their package).',
  ],
  [
    'Path',
    "a conversion's touchpoints are the visitor's entrances in the attribution window (with cross-device tracking, every device of the same user id); direct ones count only when nothing else led there; at most the first one and the 99 latest.",
  ],
  [
    'Models',
    'all eight are computed for every conversion; position based, U-shaped and W-shaped each keep their own weights.',
  ],
  [
    'Money',
    "value credit is split in the currency's smallest unit (cents, yen, fils) by the largest remainder, so under every model the credits add up to the exact value; currencies are never added together.",
  ],
  [
    'Recompute',
    'a new window, weights, decay or cross-device setting recomputes every credit in the background; a late click or a new identify recomputes the conversions it changes.',
  ],
  [
    'Failures',
    'a conversion that cannot be credited is marked with its reason in the Conversions Log and never holds up the others.',
  ],
];

/**
 * The website's conversions of the last 30 days and where their credits are, from the Conversions
 * Log (each row's credit_status), which the demo user may read; /api/health says it only to operators.
 */
export async function creditStates(siteId) {
  const states = { total: 0, pending: 0, failed: 0 };
  const since = encodeURIComponent(LAST_30_DAYS());
  for (let offset = 0; ; offset += 500) {
    const page = await api(
      'GET',
      `/api/conversions?websiteId=${siteId}&startDate=${since}&limit=500&offset=${offset}`,
    );
    states.total += page.length;
    for (const c of page) if (c.credit_status !== 'credited') states[c.credit_status] += 1;
    if (page.length < 500) return states;
  }
}

/**
 * Waits until the `expected` conversions are stored (the server derives them from the events behind
 * collect) and none waits for its credits. A total that stops short but holds still for 10 s counts
 * as all there (the server may merge repeats); the answer says when the wait gave up.
 */
export async function waitForCredits(siteId, expected, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  let last = { total: -1, since: Date.now() };
  for (;;) {
    const states = await creditStates(siteId);
    if (states.total !== last.total) last = { total: states.total, since: Date.now() };
    const stored = states.total >= expected || Date.now() - last.since > 10_000;
    if (stored && states.pending === 0) return { ...states, timedOut: false };
    if (Date.now() > until) return { ...states, timedOut: true };
    await sleep(1000);
  }
}

const digitsOf = (currency) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
const toMinor = (amount, currency) => Math.round(Number(`${amount}e${digitsOf(currency)}`));

/** Minor units per currency as 'USD 1944.40, JPY 1200', largest first. */
export const formatMinor = (sums) =>
  Object.entries(sums)
    .sort((a, b) => b[1] - a[1])
    .map(
      ([currency, minor]) => `${currency} ${(minor / 10 ** digitsOf(currency)).toFixed(digitsOf(currency))}`,
    )
    .join(', ');

const LAST_30_DAYS = () => new Date(Date.now() - 30 * 86_400_000).toISOString();

/** The conversions' own values per currency in minor units (the Conversions Log, page by page). */
export async function conversionValues(siteId) {
  const sums = {};
  const since = encodeURIComponent(LAST_30_DAYS());
  for (let offset = 0; ; offset += 500) {
    const page = await api(
      'GET',
      `/api/conversions?websiteId=${siteId}&startDate=${since}&limit=500&offset=${offset}`,
    );
    for (const c of page)
      if (c.value !== null) sums[c.currency] = (sums[c.currency] ?? 0) + toMinor(c.value, c.currency);
    if (page.length < 500) return sums;
  }
}

/** Per model, the credited value per currency in minor units, from the attribution report. */
export async function creditedPerModel(siteId) {
  const since = encodeURIComponent(LAST_30_DAYS());
  const report = await api('GET', `/api/reports/attribution?websiteId=${siteId}&startDate=${since}`);
  const perModel = {};
  for (const [model, rows] of Object.entries(report.models)) {
    const sums = {};
    for (const row of rows)
      for (const [currency, amount] of Object.entries(row.valueByCurrency))
        sums[currency] = (sums[currency] ?? 0) + toMinor(amount, currency);
    perModel[model] = sums;
  }
  return perModel;
}
