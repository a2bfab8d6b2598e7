import { vi } from 'vitest';

export interface FakeAnswer {
  body: unknown;
  headers?: Record<string, string>;
  /** 200 unless given (refusals: 400, 429 …). */
  status?: number;
}

/** Answers by path; the full address asked for is passed on, so a route can look at the query. */
type FakeRoutes = Record<string, (url: URL) => FakeAnswer>;

/** One request as the screen sent it: method, path and JSON body (null without one). */
interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces `fetch` with the given routes (any other path answers 404) and records every address
 * asked for, so a test can check the parameters a screen sends.
 */
export function fakeApi(routes: FakeRoutes): { requests: URL[]; calls: FakeCall[] } {
  const requests: URL[] = [];
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://ocx.test');
    requests.push(url);
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const route = routes[url.pathname];
    if (!route) return Response.json({ error: `No fake for ${url.pathname}` }, { status: 404 });
    const { body, headers, status = 200 } = route(url);
    return Response.json(body, { status, ...(headers ? { headers } : {}) });
  });
  return { requests, calls };
}

/** The requests to one path, newest last. */
export const requestsTo = (requests: URL[], path: string) => requests.filter((url) => url.pathname === path);
