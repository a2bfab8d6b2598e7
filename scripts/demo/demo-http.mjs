// Talking to the running OCX: health, the demo account, its website, goals and campaigns.
import { BASE, EMAIL, PASSWORD, ROOT_DOMAIN, SITE_NAME } from './demo-config.mjs';
import { CAMPAIGNS, GOALS } from './demo-data.mjs';

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

export async function api(method, path, body) {
  const res = await request(method, path, body);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function ensureReachable() {
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

export async function signIn() {
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

export async function ensureWebsite() {
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
    const stored = goals.find((g) => g.name === goal.name);
    if (!stored) {
      await api('POST', `/api/websites/${site.id}/goals`, goal);
      created += 1;
    } else if ((stored.value ?? null) !== (goal.value ?? null)) {
      // An earlier demo gave the thank-you page a value, which counted every order twice.
      await api('PATCH', `/api/websites/${site.id}/goals/${stored.id}`, { value: goal.value ?? null });
      notes.push(`goal '${goal.name}' value set to ${goal.value ?? 'none'}`);
    }
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
