// `npm run demo`: fills a running OCX with a demo shop and a few thousand synthetic visits, sent through
// the real tracking endpoint (DESIGN §1.1: sample data exists only this way).
//
//   DEMO_URL   the running OCX (default http://localhost:3000; start it first with `npm start`)
//   DEMO_SEED  which set of visits (default 1). The same seed sends the same event ids again, which the
//              server stores once; another seed adds another set.
//
// Everything is deterministic (a seeded PRNG) except the time: visits lie in the 6 days before now.

const BASE = (process.env.DEMO_URL || 'http://localhost:3000').replace(/\/+$/, '');
const SEED = Number.parseInt(process.env.DEMO_SEED || '1', 10);
const EMAIL = 'demo@ocx.local';
const PASSWORD = 'ocx-demo-password';
const SITE_NAME = 'Demo Shop';
const ROOT_DOMAIN = 'demo-shop.test';
const SHOP = `https://${ROOT_DOMAIN}`;
const VISITORS = 2000;
const CONCURRENCY = 6;
const MAX_EVENTS_PER_REQUEST = 100;
const DAY = 86_400_000;

const GOALS = [
  { name: 'Thank you page', type: 'pageview', conditions: { path: '/thank-you' }, value: 25 },
  { name: 'Add to cart', type: 'click', conditions: { selector: '#add-to-cart' } },
  { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
];

const CAMPAIGNS = [
  {
    key: 'google',
    body: {
      name: 'Spring Search',
      network: 'Google Ads',
      source: 'Search',
      landingPage: `${SHOP}/spring-sale`,
      utmParams: { source: 'google', medium: 'cpc', campaign: 'spring-search', term: 'specialty coffee' },
    },
  },
  {
    key: 'facebook',
    body: {
      name: 'Summer Social',
      network: 'Facebook',
      source: 'Social',
      landingPage: `${SHOP}/collections/coffee`,
      utmParams: { source: 'facebook', medium: 'paid_social', campaign: 'summer-social' },
    },
  },
  {
    key: 'tiktok',
    body: {
      name: 'TikTok Creators',
      network: 'TikTok',
      source: 'Social',
      landingPage: `${SHOP}/products/pour-over-kit`,
      utmParams: { source: 'tiktok', medium: 'paid_social', campaign: 'creators', content: 'unboxing-video' },
    },
  },
  {
    key: 'newsletter',
    body: {
      name: 'Weekly Newsletter',
      network: 'Newsletter',
      source: 'Email',
      landingPage: `${SHOP}/blog/pour-over-guide`,
      utmParams: { source: 'newsletter', medium: 'email', campaign: 'weekly-brew' },
    },
  },
];

const PRODUCTS = [
  { path: '/products/ethiopia-yirgacheffe', title: 'Ethiopia Yirgacheffe, 250 g', price: 16.5 },
  { path: '/products/colombia-huila', title: 'Colombia Huila, 250 g', price: 14.9 },
  { path: '/products/house-espresso-blend', title: 'House Espresso Blend, 1 kg', price: 39 },
  { path: '/products/hand-grinder', title: 'Hand Grinder', price: 89 },
  { path: '/products/pour-over-kit', title: 'Pour-over Kit', price: 59 },
  { path: '/products/gooseneck-kettle', title: 'Gooseneck Kettle', price: 69 },
];
const PAGES = [
  { path: '/', title: 'Demo Shop — specialty coffee' },
  { path: '/collections/coffee', title: 'Coffee — Demo Shop' },
  { path: '/collections/equipment', title: 'Equipment — Demo Shop' },
  { path: '/blog/pour-over-guide', title: 'The pour-over guide — Demo Shop' },
  { path: '/blog/espresso-at-home', title: 'Espresso at home — Demo Shop' },
  { path: '/about', title: 'About us — Demo Shop' },
  { path: '/faq', title: 'FAQ — Demo Shop' },
  { path: '/spring-sale', title: 'Spring sale — Demo Shop' },
];
const TITLES = new Map(
  [
    ...PAGES,
    ...PRODUCTS.map((p) => ({ path: p.path, title: `${p.title} — Demo Shop` })),
    { path: '/cart', title: 'Cart — Demo Shop' },
    { path: '/checkout', title: 'Checkout — Demo Shop' },
    { path: '/thank-you', title: 'Thank you for your order — Demo Shop' },
  ].map((p) => [p.path, p.title]),
);

const USER_AGENTS = {
  desktop: [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ],
  mobile: [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; SM-S928B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  ],
  tablet: [
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 12; Lenovo TB-J606F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36',
  ],
};

/** Address blocks that the bundled DB-IP country database places in each country. */
const COUNTRIES = [
  { code: 'US', weight: 28, blocks: ['24.30', '73.15', '98.210'], currency: 'USD' },
  { code: 'DE', weight: 12, blocks: ['85.214', '46.4', '91.64'], currency: 'EUR' },
  { code: 'GB', weight: 10, blocks: ['86.128', '92.40'], currency: 'GBP' },
  { code: 'FR', weight: 7, blocks: ['90.0', '82.64'], currency: 'EUR' },
  { code: 'CA', weight: 6, blocks: ['142.112', '70.24'], currency: 'CAD' },
  { code: 'IN', weight: 6, blocks: ['117.192', '49.36'], currency: 'USD' },
  { code: 'BR', weight: 5, blocks: ['177.0', '189.40'], currency: 'USD' },
  { code: 'NL', weight: 4, blocks: ['145.53', '84.104'], currency: 'EUR' },
  { code: 'ES', weight: 4, blocks: ['83.32', '88.0'], currency: 'EUR' },
  { code: 'IT', weight: 4, blocks: ['79.20', '93.40'], currency: 'EUR' },
  { code: 'AU', weight: 4, blocks: ['1.120', '101.160'], currency: 'AUD' },
  { code: 'JP', weight: 3, blocks: ['126.0', '60.100'], currency: 'USD' },
  { code: 'PL', weight: 3, blocks: ['83.0'], currency: 'EUR' },
  { code: 'SE', weight: 2, blocks: ['78.64'], currency: 'EUR' },
  { code: 'MX', weight: 2, blocks: ['187.140'], currency: 'USD' },
];

/** Where a session comes from; `campaign` keys refer to CAMPAIGNS. */
const SOURCES = [
  { key: 'google-ads', weight: 16, campaign: 'google', clickId: 'gclid' },
  { key: 'facebook-ads', weight: 11, campaign: 'facebook', clickId: 'fbclid' },
  { key: 'tiktok-ads', weight: 7, campaign: 'tiktok', clickId: 'ttclid' },
  { key: 'newsletter', weight: 7, campaign: 'newsletter' },
  { key: 'bing-ads', weight: 4, clickId: 'msclkid' },
  { key: 'organic-google', weight: 14, referrer: ['https://www.google.com/', 'https://www.google.de/'] },
  { key: 'organic-bing', weight: 4, referrer: ['https://www.bing.com/'] },
  { key: 'organic-duckduckgo', weight: 3, referrer: ['https://duckduckgo.com/'] },
  {
    key: 'social',
    weight: 9,
    referrer: [
      'https://l.facebook.com/',
      'https://l.instagram.com/',
      'https://t.co/3xAmpl3',
      'https://www.reddit.com/r/Coffee/',
      'https://www.youtube.com/',
      'https://www.linkedin.com/',
    ],
  },
  { key: 'webmail', weight: 3, referrer: ['https://mail.google.com/', 'https://outlook.live.com/'] },
  {
    key: 'referral',
    weight: 7,
    referrer: [
      'https://www.coffeereview.example/best-grinders',
      'https://brewing-forum.example/t/pour-over',
      'https://www.producthunt.com/',
      'https://news.ycombinator.com/',
    ],
  },
  { key: 'direct', weight: 15 },
];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness.

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(0x0c5eed ^ (SEED * 2654435761));
const int = (min, max) => min + Math.floor(rand() * (max - min + 1));
const pick = (list) => list[Math.floor(rand() * list.length)];
const chance = (p) => rand() < p;
function weighted(list) {
  const total = list.reduce((sum, item) => sum + item.weight, 0);
  let r = rand() * total;
  for (const item of list) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return list[list.length - 1];
}
const token = (length, alphabet) => Array.from({ length }, () => pick(alphabet)).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CLICK_IDS = {
  gclid: () => `Cj0KCQiA${token(60, `${ALNUM}_-`)}`,
  fbclid: () => `IwAR${token(48, `${ALNUM}_-`)}`,
  ttclid: () => `E${token(31, ALNUM)}`,
  msclkid: () => token(32, '0123456789abcdef'),
};

// ---------------------------------------------------------------------------------------------
// HTTP.

let cookie = '';

async function request(method, path, body, headers = {}) {
  return fetch(`${BASE}${path}`, {
    method,
    headers: {
      origin: BASE,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function api(method, path, body) {
  const res = await request(method, path, body);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function ensureReachable() {
  try {
    const res = await fetch(`${BASE}/api/health`);
    if (res.ok) return;
    console.error(`OCX at ${BASE} answered ${res.status} on /api/health.`);
  } catch {
    console.error(`OCX is not reachable at ${BASE}.`);
  }
  console.error('Start it first, then run the demo again:');
  console.error('  npm start                      # serves http://localhost:3000');
  console.error('  TRUST_PROXY=true npm start     # …and honour X-Forwarded-For, so visits get countries');
  console.error('  npm run demo                   # DEMO_URL=http://host:port for another address');
  process.exit(1);
}

async function signIn() {
  const remember = (res) => {
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const signInRes = await request('POST', '/api/auth/sign-in/email', { email: EMAIL, password: PASSWORD });
  if (signInRes.ok) {
    remember(signInRes);
    return 'signed in to the existing demo account';
  }
  if (signInRes.status === 429) throw new Error('too many sign-in attempts; wait a minute (AUTH_RATE_LIMIT)');
  const signUpRes = await request('POST', '/api/auth/sign-up/email', {
    email: EMAIL,
    password: PASSWORD,
    name: 'Demo',
    acceptTerms: true,
  });
  if (!signUpRes.ok) {
    throw new Error(
      `could not sign in (${signInRes.status}) nor sign up (${signUpRes.status}: ${await signUpRes.text()}) ` +
        `as ${EMAIL}; if the account exists with another password, delete it or use a fresh DATA_DIR`,
    );
  }
  remember(signUpRes);
  return 'created the demo account';
}

async function ensureWebsite() {
  const websites = await api('GET', '/api/websites');
  let site = websites.find((w) => w.name === SITE_NAME);
  const notes = [];
  if (!site) {
    site = await api('POST', '/api/websites', { name: SITE_NAME, rootDomain: ROOT_DOMAIN });
    notes.push(`created website '${SITE_NAME}'`);
  } else {
    notes.push(`reusing website '${SITE_NAME}'`);
    if (site.rootDomain !== ROOT_DOMAIN) {
      site = await api('PATCH', `/api/websites/${site.id}`, { rootDomain: ROOT_DOMAIN });
      notes.push(`root domain set to ${ROOT_DOMAIN}`);
    }
  }
  const goals = await api('GET', `/api/websites/${site.id}/goals`);
  let created = 0;
  for (const goal of GOALS) {
    if (goals.some((g) => g.name === goal.name)) continue;
    await api('POST', `/api/websites/${site.id}/goals`, goal);
    created += 1;
  }
  notes.push(created ? `${created} goals created` : 'goals already there');

  const existing = await api('GET', `/api/websites/${site.id}/campaigns`);
  const campaigns = {};
  let made = 0;
  for (const { key, body } of CAMPAIGNS) {
    let campaign = existing.find((c) => c.name === body.name);
    if (!campaign) {
      campaign = await api('POST', `/api/websites/${site.id}/campaigns`, body);
      made += 1;
    }
    campaigns[key] = campaign;
  }
  notes.push(made ? `${made} campaigns created` : 'campaigns already there');
  return { site, campaigns, notes };
}

// ---------------------------------------------------------------------------------------------
// Visits.

const pad = (n, width) => String(n).padStart(width, '0');

function landingFor(source, campaigns) {
  if (source.campaign) {
    const url = new URL(campaigns[source.campaign].trackedUrl);
    if (source.clickId) url.searchParams.set(source.clickId, CLICK_IDS[source.clickId]());
    return { url: url.toString(), referrer: undefined };
  }
  if (source.key === 'bing-ads') {
    const path = pick(PRODUCTS).path;
    return {
      url: `${SHOP}${path}?utm_source=bing&utm_medium=cpc&utm_campaign=brand&msclkid=${CLICK_IDS.msclkid()}`,
      referrer: 'https://www.bing.com/',
    };
  }
  const path =
    source.key === 'direct'
      ? pick(['/', '/', '/', '/collections/coffee'])
      : pick([...PRODUCTS.map((p) => p.path), '/blog/pour-over-guide', '/blog/espresso-at-home', '/']);
  return { url: `${SHOP}${path}`, referrer: source.referrer ? pick(source.referrer) : undefined };
}

function nextPath() {
  const roll = rand();
  if (roll < 0.55) return pick(PRODUCTS).path;
  if (roll < 0.8) return pick(['/collections/coffee', '/collections/equipment', '/']);
  return pick(['/blog/pour-over-guide', '/blog/espresso-at-home', '/about', '/faq']);
}

const productAt = (path) => PRODUCTS.find((p) => p.path === path);

/** One session's events: landing, browsing, maybe add-to-cart and a purchase. */
function session({ visitorId, sessionId, start, source, campaigns, returning, currency }) {
  const events = [];
  let t = start;
  let seq = 0;
  let previousUrl;
  const add = (event) => {
    events.push({
      ...event,
      visitorId,
      sessionId,
      eventId: `${sessionId}e${pad(seq++, 2)}`,
      ts: Math.round(t),
    });
  };
  const view = (url, referrer) => {
    const path = new URL(url).pathname;
    add({ type: 'pageview', url, title: TITLES.get(path) ?? 'Demo Shop', ...(referrer ? { referrer } : {}) });
    previousUrl = url;
    return path;
  };

  const landing = landingFor(source, campaigns);
  let path = view(landing.url, landing.referrer);
  const cart = [];
  const pages = 1 + Math.min(7, Math.floor(-Math.log(1 - rand()) * 2.2));
  const cartChance = (source.campaign ? 0.2 : 0.13) + (returning ? 0.12 : 0);
  for (let i = 0; i < pages; i++) {
    const product = productAt(path);
    if (product && chance(cartChance)) {
      t += int(8, 60) * 1000;
      add({ type: 'click', selector: '#add-to-cart', url: previousUrl, title: TITLES.get(path) });
      cart.push(product);
    }
    if (i === pages - 1) break;
    t += int(15, 180) * 1000;
    path = view(`${SHOP}${nextPath()}`, previousUrl);
  }
  let purchase = null;
  if (cart.length > 0 && chance(returning ? 0.6 : 0.42)) {
    t += int(20, 90) * 1000;
    view(`${SHOP}/cart`, previousUrl);
    t += int(20, 120) * 1000;
    view(`${SHOP}/checkout`, previousUrl);
    t += int(60, 300) * 1000;
    const value = Math.round(cart.reduce((sum, p) => sum + p.price * int(1, 2), 0) * 100) / 100;
    const orderId = `DS-${SEED}-${sessionId.slice(-10)}`;
    add({
      type: 'custom',
      name: 'purchase',
      url: previousUrl,
      title: TITLES.get('/checkout'),
      value,
      currency,
      props: { order_id: orderId, items: cart.length },
    });
    purchase = { value, currency };
    t += int(1, 4) * 1000;
    view(`${SHOP}/thank-you?order=${orderId}`, previousUrl);
  }
  return { events, purchase, end: t };
}

function buildVisitors(campaigns, now) {
  const visitors = [];
  for (let v = 0; v < VISITORS; v++) {
    const device = weighted([
      { key: 'desktop', weight: 55 },
      { key: 'mobile', weight: 38 },
      { key: 'tablet', weight: 7 },
    ]).key;
    const country = weighted(COUNTRIES);
    const ip = `${pick(country.blocks)}.${int(1, 254)}.${int(1, 254)}`;
    const visitorId = `demo${SEED}v${pad(v, 5)}`;
    const sessionCount = weighted([
      { n: 1, weight: 75 },
      { n: 2, weight: 18 },
      { n: 3, weight: 7 },
    ]).n;
    const sessions = [];
    let start = now - 6 * DAY + rand() * (6 * DAY - 2 * 3_600_000);
    let previousSource = null;
    for (let s = 0; s < sessionCount && start < now - 3_600_000; s++) {
      let source = weighted(SOURCES);
      // A returning visitor comes back another way (the multi-touch journeys attribution is about).
      while (previousSource && source.key === previousSource.key) source = weighted(SOURCES);
      const made = session({
        visitorId,
        sessionId: `${visitorId}s${s}`,
        start,
        source,
        campaigns,
        returning: s > 0,
        currency: country.currency,
      });
      sessions.push({ ...made, source });
      previousSource = source;
      start = made.end + int(2 * 3600, 3 * 86_400) * 1000;
    }
    visitors.push({ visitorId, device, ua: pick(USER_AGENTS[device]), ip, country: country.code, sessions });
  }
  return visitors;
}

// ---------------------------------------------------------------------------------------------
// Sending.

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

async function sendAll(siteId, visitors) {
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

// ---------------------------------------------------------------------------------------------

const fmt = (n) => n.toLocaleString('en-US');

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
  const stats = await sendAll(site.id, visitors);

  // Countries: the latest stored events of this run's visitors (else simply the latest event).
  const recent = await api('GET', `/api/websites/${site.id}/events?limit=200`);
  const ours = recent.filter((e) => e.visitorId.startsWith(`demo${SEED}v`));
  const sample = ours.length > 0 ? ours : await api('GET', `/api/websites/${site.id}/events?limit=1`);
  const metrics = await api('GET', `/api/websites/${site.id}/campaigns`);

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
  console.log(
    `  Revenue:     ${Object.entries(revenue)
      .sort((a, b) => b[1] - a[1])
      .map(([currency, sum]) => `${currency} ${sum.toFixed(2)}`)
      .join(', ')} (sent with the purchase events)`,
  );
  for (const c of metrics) {
    const m = c.metrics;
    const was = before.get(c.id) ?? { clicks: 0, conversions: 0 };
    console.log(
      `  Campaign:    ${c.name} (${c.network}/${c.source}): ${fmt(m.clicks)} clicks (+${fmt(m.clicks - was.clicks)} ` +
        `this run), ${fmt(m.conversions)} conversions (+${fmt(m.conversions - was.conversions)}), revenue ${m.revenue}`,
    );
  }
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
  console.log(
    '  Note: events are idempotent by eventId: "accepted" counts events already stored by an earlier run\n' +
      '  with the same DEMO_SEED, which are kept once (+0 above); DEMO_SEED=2, 3, … adds new visits.',
  );
}

main().catch((error) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
