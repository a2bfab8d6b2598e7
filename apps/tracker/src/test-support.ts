// Test helpers (not bundled: main.ts does not import this). A real happy-dom document, cookies and storage;
// fetch and sendBeacon are mocks that record what the tracker sends.
import type { CollectEvent, TrackerConfig } from '@ocx/contracts';
import { CollectBody, CollectEvent as CollectEventSchema } from '@ocx/contracts';
import { expect, vi } from 'vitest';
import { extras, type Ocx } from './extras';
import { start } from './tracker';

export const SITE = 'w1';
export const COLLECT = 'https://track.shop.test/api/collect';
export const T0 = Date.UTC(2025, 10, 21, 12, 0, 0);

export const config = (overrides: Partial<TrackerConfig> = {}): TrackerConfig => ({
  site: SITE,
  cd: '.shop.test',
  cw: 30,
  ro: false,
  xd: [],
  xv: false,
  cs: [],
  // Consent mode 'none' unless a test says otherwise (consent.test.ts).
  cn: 1,
  ...overrides,
  // As the server says: the extras are loaded for click selectors and cross domains.
  ...(overrides.cs?.length || overrides.xd?.length ? { x: 1 } : {}),
});

/** What the collect mock answers: an HTTP status, 'network' for a failed request, or a status later. */
type Answer = number | 'network' | Promise<number>;

interface Sent {
  /** Fake-clock time of the request. */
  at: number;
  url: string;
  init: RequestInit;
  body: { site: string; events: CollectEvent[] };
}

const happyDOM = () => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;

/** Sets the page URL without a navigation (the tracker reads location at start). */
const setURL = (url: string): void => happyDOM().setURL(url);

const cleanups: (() => void)[] = [];

/**
 * A fresh page at `url`: fake timers and clock at T0, no cookies or storage, mocked fetch (config: `cfg`, or a
 * status / 'network' / 'never'; collect: `answers` in order, then 202) and sendBeacon. Call `teardown` after.
 */
export function page(
  url = 'https://www.shop.test/landing?utm_source=news',
  opts: {
    cfg?: TrackerConfig | number | 'network' | 'never';
    answers?: Answer[];
    title?: string;
    referrer?: string;
  } = {},
) {
  vi.useFakeTimers({
    now: T0,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  setURL(url);
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
  document.title = opts.title ?? 'Landing';
  Object.defineProperty(document, 'referrer', { value: opts.referrer ?? '', configurable: true });
  document.body.innerHTML = '';

  const answers = [...(opts.answers ?? [])];
  const cfg = opts.cfg ?? config();
  const sent: Sent[] = [];
  const configRequests: { url: string; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const u = String(input);
    if (u.includes('/config?')) {
      configRequests.push({ url: u, init });
      if (cfg === 'never') return new Promise<Response>(() => {});
      if (cfg === 'network') throw new TypeError('Failed to fetch');
      if (typeof cfg === 'number') return new Response('{"error":"x"}', { status: cfg });
      return new Response(JSON.stringify(cfg), { status: 200 });
    }
    sent.push({ at: Date.now(), url: u, init: init ?? {}, body: JSON.parse(String(init?.body)) });
    const answer = await (answers.shift() ?? 202);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(null, { status: answer });
  });
  vi.stubGlobal('fetch', fetchMock);
  const beacons: { url: string; body: { site: string; events: CollectEvent[] } }[] = [];
  const beaconMock = vi.fn((u: string | URL, data?: BodyInit | null) => {
    beacons.push({ url: String(u), body: JSON.parse(String(data)) });
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: beaconMock, configurable: true, writable: true });

  // The extras script the tracker appends (x.js) runs as src/extras.ts, as the browser would run the built file.
  const scripts: string[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      const src = (node as HTMLScriptElement).src;
      scripts.push(src);
      if (src.endsWith('/x.js')) extras((window as unknown as { ocx: Ocx }).ocx);
    }
  });
  // Listeners and history wrappers the tracker installs are removed again in teardown.
  const push = history.pushState;
  const replace = history.replaceState;
  const windowAdd = vi.spyOn(window, 'addEventListener');
  const documentAdd = vi.spyOn(document, 'addEventListener');
  cleanups.push(() => {
    for (const [target, spy] of [
      [window, windowAdd],
      [document, documentAdd],
    ] as const)
      for (const [type, fn, o] of spy.mock.calls) target.removeEventListener(type, fn, o);
    history.pushState = push;
    history.replaceState = replace;
    delete (window as { ocx?: unknown }).ocx;
  });

  return {
    sent,
    beacons,
    configRequests,
    /** The src of each script the tracker appended (its extras). */
    scripts,
    fetch: fetchMock,
    beacon: beaconMock,
    /** Starts the tracker as main.ts would for a script served from track.shop.test. */
    start: () => start(SITE, COLLECT),
    /** Events of all collect requests, in order. */
    events: () => sent.flatMap((s) => s.body.events),
    /**
     * Lets timers due within `ms` run, with the promises they start, then a few more milliseconds for the zero-delay
     * timers those set (fake timers schedule a setTimeout(f) made during a tick 1 ms later).
     */
    tick: async (ms = 0) => {
      await vi.advanceTimersByTimeAsync(ms);
      for (let i = 0; i < 4; i++) await vi.advanceTimersByTimeAsync(1);
    },
  };
}

export function teardown(): void {
  for (const f of cleanups.splice(0)) f();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
}

/** Expires every cookie (happy-dom keeps `max-age=0` cookies, so this uses a past expiry date). */
function clearCookies(): void {
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (!name) continue;
    for (const domain of ['', ';domain=.shop.test', ';domain=shop.test'])
      document.cookie = `${name}=;path=/;expires=Thu, 01 Jan 1970 00:00:00 GMT${domain}`;
  }
}

/**
 * The tracker cookies of this page load, to set again after `teardown` and a new `page` (a reload): the session
 * cookie gets its 30-minute max-age back (document.cookie does not show attributes).
 */
export function keepCookies(): () => void {
  const v = cookie('_ocx_v');
  const s = cookie('_ocx_s');
  return () => {
    if (v) document.cookie = `_ocx_v=${v};path=/;max-age=7776000`;
    if (s) document.cookie = `_ocx_s=${s};path=/;max-age=1800`;
  };
}

export const cookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export type { Entry as Queued } from './queue';

import type { Entry } from './queue';

export const queue = (): Entry[] => JSON.parse(localStorage.getItem('_ocx_q') ?? '[]');

/** Every body the tracker sends must pass the server's own collect schemas. */
export function expectValidBodies(bodies: { body: unknown }[]): void {
  for (const { body } of bodies) {
    const parsed = CollectBody.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    for (const e of (body as { events: unknown[] }).events) {
      const event = CollectEventSchema.safeParse(e);
      expect(event.success, JSON.stringify(event.error?.issues)).toBe(true);
    }
  }
}

/** Records every value written to document.cookie (the getter does not show attributes). */
export function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const proto = Object.getPrototypeOf(document);
  let owner = proto;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
  const descriptor = Object.getOwnPropertyDescriptor(owner, 'cookie') as PropertyDescriptor;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get?.call(document),
    set: (v: string) => {
      writes.push(v);
      descriptor.set?.call(document, v);
    },
  });
  cleanups.push(() => {
    delete (document as { cookie?: string }).cookie;
  });
  return writes;
}
