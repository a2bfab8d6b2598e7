import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { as, cookieFrom, PUBLIC_URL, type SignedIn } from './test-app';

/** Where a provider's sign-in ended at OCX: the redirect and the cookies it set. */
interface Landing {
  location: string;
  cookie: string;
  response: LightMyRequestResponse;
}

/** An OAuth/OIDC flow as a browser runs it: OCX through inject(), the provider over HTTP. */
export class OAuthFlow {
  constructor(private readonly app: FastifyInstance) {}

  /** POST /api/auth/sign-in/social (or /link-social with a user): the provider's authorize URL and OCX's state cookie. */
  async start(provider: string, user: SignedIn | null = null): Promise<{ url: URL; cookie: string }> {
    const path = user ? '/api/auth/link-social' : '/api/auth/sign-in/social';
    const res = await this.app.inject({
      method: 'POST',
      url: path,
      headers: as(user),
      payload: {
        provider,
        callbackURL: user ? '/profile' : '/dashboard',
        errorCallbackURL: user ? '/profile' : '/login',
      },
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return { url: new URL(res.json().url), cookie: joinCookies(user?.cookie, cookieFrom(res)) };
  }

  /** Follows the provider's redirects (login and consent included) until they come back to OCX. */
  async throughProvider(authorize: URL): Promise<URL> {
    const jar = new Map<string, string>();
    let url = authorize;
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin === new URL(PUBLIC_URL).origin) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const set of res.headers.getSetCookie()) {
        const pair = set.split(';')[0] ?? '';
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error('the provider never sent the browser back to OCX');
  }

  /** Opens OCX's callback with the browser's cookies. */
  async land(callback: URL, cookie: string): Promise<Landing> {
    const response = await this.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    return { location: String(response.headers.location ?? ''), cookie: cookieFrom(response), response };
  }

  /** The whole round trip: start, the provider, back at OCX. */
  async run(provider: string, user: SignedIn | null = null): Promise<Landing> {
    const { url, cookie } = await this.start(provider, user);
    return this.land(await this.throughProvider(url), cookie);
  }
}

export const joinCookies = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');
