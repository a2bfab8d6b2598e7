// Visits: each visitor's sessions with their events, built deterministically.
import { DAY, SEED, SHOP, VISITORS } from './demo-config.mjs';
import { COUNTRIES, PRODUCTS, SOURCES, TITLES, USER_AGENTS } from './demo-data.mjs';
import { CLICK_IDS, chance, int, pick, rand, weighted } from './demo-random.mjs';

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

export function buildVisitors(campaigns, now) {
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
