// Collect traffic for `npm run bench:ingest`: one event per request, every eventId unique, with the
// variety of a real shop (paths, UTM tags, ocxid and click ids, referrers, goals, 50 browsers).
// Visits behave as on a real site: a visit lands with its campaign markers or external referrer on a
// pageview, then browses inside the site (internal referrer, no markers) for 0–6 more events (4 events
// per visit on average); 20,000 visits run side by side, interleaved at random, and a finished one is
// replaced by a new visit of the same visitor (8,000 visitors, so many return). The JSON of each
// event's fixed part is built once up front (1024 variants of each kind); a request only concatenates
// ids onto one of them.
//
// CommonJS because autocannon's worker threads `require()` the setupRequest module (collect-request.cjs).
const { USER_AGENTS } = require('./user-agents.cjs');

const VARIANTS = 1024;
const SESSIONS = 20_000;
const VISITORS = 8_000;
/** Events after the landing one: 0 to this minus one, evenly. */
const MORE_EVENTS = 7;

function xorshift(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

const PAGES = [
  ['/', 'Bench Coffee — fresh roasted beans'],
  ['/spring', 'Spring sale — Bench Coffee'],
  ['/products', 'All products — Bench Coffee'],
  ['/products/espresso-machine', 'Espresso machine — Bench Coffee'],
  ['/products/burr-grinder', 'Burr grinder — Bench Coffee'],
  ['/products/milk-frother', 'Milk frother — Bench Coffee'],
  ['/products/house-blend-1kg', 'House blend 1 kg — Bench Coffee'],
  ['/cart', 'Your cart — Bench Coffee'],
  ['/checkout', 'Checkout — Bench Coffee'],
  ['/thank-you', 'Thank you — Bench Coffee'],
  ['/blog/how-to-brew-pour-over', 'How to brew pour-over — Bench Coffee blog'],
  ['/blog/best-beans-for-espresso', 'The best beans for espresso — Bench Coffee blog'],
  ['/about', 'About us — Bench Coffee'],
  ['/pricing', 'Subscriptions — Bench Coffee'],
  ['/contact', 'Contact — Bench Coffee'],
  ['/signup', 'Create an account — Bench Coffee'],
];
const HOSTS = ['www.bench.test', 'www.bench.test', 'www.bench.test', 'bench.test', 'shop.bench.test'];
const REFERRERS = [
  'https://www.google.com/',
  'https://www.google.de/',
  'https://www.bing.com/',
  'https://duckduckgo.com/',
  'https://l.facebook.com/',
  'https://t.co/x8Jq2Lm',
  'https://www.reddit.com/r/Coffee/',
  'https://news.ycombinator.com/',
  'https://coffee-reviews.example.org/grinders-2025',
  'https://mail.google.com/',
  'https://www.bench.test/products',
  'https://www.bench.test/',
];

const CAMPAIGN_MARKER = /utm_|ocxid|clid=/;

/** Landing pageviews (`landing`) or events inside a visit: same pages, no markers, internal referrer. */
function buildVariants(ocxid, seed, landing) {
  const next = xorshift(seed);
  const pick = (list) => list[next() % list.length];
  const token = (length, alphabet) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[next() % alphabet.length];
    return out;
  };
  const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const query = () => {
    const roll = next() % 100;
    if (roll < 55) return '';
    if (roll < 65) return '?utm_source=newsletter&utm_medium=email&utm_campaign=spring-letter';
    if (roll < 73)
      return `?ocxid=${ocxid}&utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=${token(40, `${ALNUM}_-`)}`;
    if (roll < 79)
      return `?utm_source=facebook&utm_medium=paid_social&utm_campaign=retarget&fbclid=IwAR${token(30, ALNUM)}`;
    if (roll < 83) return `?ocxid=${ocxid}`;
    if (roll < 87) return `?msclkid=${token(32, '0123456789abcdef')}`;
    if (roll < 90) return `?ttclid=E${token(40, ALNUM)}`;
    return pick(['?page=2', '?sort=price', '?q=decaf', '?color=black&size=m']);
  };
  const variants = [];
  for (let i = 0; i < VARIANTS; i++) {
    const [path, title] = pick(PAGES);
    const markers = query();
    const url = `https://${pick(HOSTS)}${path}${landing || !CAMPAIGN_MARKER.test(markers) ? markers : ''}`;
    const external = next() % 100 < 45 ? undefined : pick(REFERRERS);
    const referrer = landing ? external : `https://www.bench.test${pick(PAGES)[0]}`;
    const roll = landing ? 0 : next() % 100;
    let event;
    if (roll < 85) event = { type: 'pageview', url, referrer, title };
    else if (roll < 93) event = { type: 'click', selector: '#add-to-cart', url, title };
    else if (roll < 98)
      event = { type: 'custom', name: 'signup', value: 10 + (next() % 90), currency: 'USD', url, title };
    else event = { type: 'custom', name: 'scroll', props: { depth: 25 * (1 + (next() % 4)) }, url, title };
    // '{"type":…,"title":"…"' without the closing brace: the ids are appended per request.
    variants.push(JSON.stringify(event).slice(0, -1));
  }
  return variants;
}

function createTraffic({ siteId, ocxid, seed, tag }) {
  const landings = buildVariants(ocxid, seed, true);
  const inside = buildVariants(ocxid, seed ^ 0x5bd1e995, false);
  const next = xorshift(seed ^ 0x9e3779b9);
  /** Per visit slot: events still to come, and how many visits it has had (the session id's suffix). */
  const remaining = new Uint8Array(SESSIONS);
  const visits = new Uint32Array(SESSIONS);
  const visitorIds = Array.from({ length: VISITORS }, (_, i) => `vis-${String(i).padStart(6, '0')}`);
  const sessionIds = Array.from({ length: SESSIONS }, (_, i) => `ses-${String(i).padStart(6, '0')}`);
  const head = `{"site":"${siteId}","events":[`;
  let counter = 0;
  return () => {
    const slot = next() % SESSIONS;
    const visitor = slot % VISITORS;
    let variant;
    if (remaining[slot] === 0) {
      visits[slot] += 1;
      remaining[slot] = next() % MORE_EVENTS;
      variant = landings[next() & (VARIANTS - 1)];
    } else {
      remaining[slot] -= 1;
      variant = inside[next() & (VARIANTS - 1)];
    }
    const eventId = `evt-${tag}-${(counter++).toString(36).padStart(7, '0')}`;
    return {
      eventId,
      userAgent: USER_AGENTS[visitor % USER_AGENTS.length],
      body: `${head}${variant},"visitorId":"${visitorIds[visitor]}","sessionId":"${sessionIds[slot]}-${visits[slot]}","eventId":"${eventId}"}]}`,
    };
  };
}

/** An autocannon `setupRequest` that sends the next event of `traffic` and notes its eventId in the context. */
function collectRequest(traffic) {
  return (req, context) => {
    const event = traffic();
    context.eventId = event.eventId;
    req.headers['content-type'] = 'text/plain;charset=UTF-8';
    req.headers['user-agent'] = event.userAgent;
    req.body = event.body;
    return req;
  };
}

module.exports = { createTraffic, collectRequest };
