import { request } from 'node:http';
import { messages } from '@ocx/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Account and debug routes as Fastify registered them: by prefix, or marked closed to tokens. */
const closedRoute = (route: RouteOptions) =>
  /^\/api\/(account|debug)(\/|$)/.test(route.url) ||
  (route.config as { tokens?: string } | undefined)?.tokens === 'never';

const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

/**
 * Ways to write one path that a router, a proxy or a normalizer may take for it: percent-encoded
 * letters, doubled slashes, dot segments, another case, a trailing slash, `;` parameters, a query.
 */
function spellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  return [
    path,
    `/api/${hex(rest[0] ?? '')}${rest.slice(1)}`,
    `${path.slice(0, -1)}${hex(path.at(-1) ?? '')}`,
    `/api/${[...rest].map((c) => (/[a-z]/.test(c) ? hex(c) : c)).join('')}`,
    `/api/%25${hex(rest[0] ?? '').slice(1)}${rest.slice(1)}`,
    `/${path}`,
    path.replace('/api/', '/api//'),
    path.replace('/api/', '/api/./'),
    path.replace('/api/', '/api/x/../'),
    path.replace('/api/', '/api%2F'),
    path.toUpperCase(),
    `${path[0]}${path.slice(1, 5).toUpperCase()}${path.slice(5)}`,
    `${path}/`,
    `${path};x=1`,
    `${path}?x=1`,
    `${path}#x`,
  ];
}

describe.each(dialects)('personal access tokens stay in their lane on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let token: string;
  const routes: { method: Method; url: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      {},
      {
        onRoute: (route) => {
          if (!closedRoute(route)) return;
          for (const method of [route.method].flat())
            routes.push({ method: method as Method, url: route.url });
        },
      },
    );
    owner = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: as(owner),
      payload: { name: 'Walker' },
    });
    token = created.json().token;
  });
  afterAll(() => t.close());

  const withToken = (method: Method, url: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(WRITES.has(method) ? { payload: {} } : {}),
    });

  it('finds the account and debug routes among those registered', async () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/account/tokens',
        'GET /api/account/sessions',
        'GET /api/debug/auth',
        'HEAD /api/account/tokens',
      ]),
    );
    // The token works where it may go, so a refusal below is the lane's and not a dead token's.
    expect((await withToken('GET', '/api/websites')).statusCode).toBe(200);
  });

  it('refuses a token on every account and debug route, however the path is spelled', async () => {
    const failures: string[] = [];
    for (const { method, url } of routes) {
      const path = url.replace(/:\w+/g, 'some-id');
      const plain = await withToken(method, path);
      if (plain.statusCode !== 403) failures.push(`${method} ${path} → ${plain.statusCode}`);
      for (const spelled of spellings(path)) {
        const res = await withToken(method, spelled);
        // 403 where the spelling reaches the route, 404 where it reaches none; never an answer.
        if (res.statusCode !== 403 && res.statusCode !== 404)
          failures.push(`${method} ${spelled} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the spellings Fastify routes with the account wording (the %61 of the report)', async () => {
    for (const url of ['/api/%61ccount/tokens', '/api/%61ccount/sessions', '/api/%64ebug/auth']) {
      const res = await withToken('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toBe(messages.auth.tokenNotForAccount);
    }
  });

  it('refuses them over a real connection too, where no client tidies the path first', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path, method: 'GET', headers: { authorization: `Bearer ${token}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    const failures: string[] = [];
    for (const path of ['/api/account/tokens', '/api/account/sessions', '/api/debug/auth']) {
      for (const spelled of spellings(path)) {
        const status = await raw(spelled);
        if (status !== 403 && status !== 404) failures.push(`${spelled} → ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a token on every write route of the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, op]) => WRITES.has(method.toUpperCase()) && op.security?.some((s) => 'accessToken' in s),
        )
        .map(([method]) => ({
          method: method.toUpperCase() as Method,
          path: path.replace(/\{[^}]+\}/g, 'some-id'),
        })),
    );
    expect(writes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const { method, path } of writes) {
      for (const spelled of [path, `/api/${hex(path[5] ?? '')}${path.slice(6)}`]) {
        const res = await withToken(method, spelled);
        if (res.statusCode !== 403 && res.statusCode !== 404)
          failures.push(`${method} ${spelled} → ${res.statusCode}`);
        else if (spelled === path && !/read-only/.test(res.json().error))
          failures.push(`${method} ${path}: ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
