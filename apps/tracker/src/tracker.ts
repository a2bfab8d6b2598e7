import type { CollectEvent, TrackerConfig } from '@ocx/contracts';
import { now, rid } from './ids';
import { backoff, type Entry, readQueue, writeQueue } from './queue';
import { onNavigate } from './spa';
import { persist, store } from './storage';

type Input = Omit<CollectEvent, 'url' | 'title' | 'eventId' | 'ts' | 'visitorId' | 'sessionId'>;
type EventOptions = Pick<CollectEvent, 'value' | 'currency' | 'props'>;
type OcxArgs = [command: string, arg: string | boolean, options?: EventOptions];

/** The query parameter that carries `<visitorId>.<sessionId>` to the cross domains. */
const PARAM = '_ocx';

/** Starts tracking `site`, sending to `url` (the collect endpoint). */
export const start = (site: string, url: string): void => {
  /** The config; until it arrives (or without it) the defaults apply where it is read. */
  const c: Partial<TrackerConfig> = {};
  /** Time of the last event (the session cookie's in-memory twin). */
  let last = 0;
  let path: string;
  let href: string;
  let configured: () => void;
  /** ocx('consent', …) of this page: true, false, or undefined (then the config and an earlier grant decide). */
  let g: unknown;
  // Cross-domain arrival: `_ocx=<visitorId>.<sessionId>` ids are adopted when valid.
  const u = new URL(location.href);
  const params = u.searchParams;
  let [, v, s] = /^([\w-]{8,64})\.([\w-]{8,64})$/.exec(params.get(PARAM) as string) || [];

  /** Resolves when the config arrives, fails or is 3 s late: events wait for it (they need its cookie domain). */
  const ready = new Promise((resolve) => {
    configured = resolve as () => void;
    setTimeout(resolve, 3e3);
    fetch(`${url}/config?site=${site}`)
      .then((r) => r.json())
      .then((x) => Object.assign(c, x))
      .then(resolve, resolve);
  });
  // Click selectors and cross-domain links: the extras, loaded only for websites that have them.
  ready.then(
    () =>
      c.x && document.head.append(Object.assign(document.createElement('script'), { src: `${url}/x.js` })),
  );

  /** The valid id in cookie `name`, if any. */
  const read = (name: string) => document.cookie.match(`\\b${name}=([\\w-]{8,64})`)?.[1];

  /**
   * Keeps an id in a first-party cookie: `id`, else the cookie's valid value, else a new one; written back with
   * `maxAge` seconds on the cookie domain (none: the current host), `Secure` on https. Blocked cookies: memory only.
   */
  const cookie = (name: string, id: string | false | undefined, maxAge: number) => {
    try {
      id = id || read(name) || rid();
      document.cookie = `${name}=${id};path=/;max-age=${maxAge}${
        c.cd ? `;domain=${c.cd}` : ''
      }${location.protocol === 'https:' ? ';Secure' : ''}`;
    } catch {
      // Cookies blocked.
    }
    return id || rid();
  };

  /**
   * May ids go on the device? An explicit ocx('consent') says; else the config (`cn`: 1 consent mode 'none', 0 a
   * Global Privacy Control or Do-Not-Track refusal the server read from the config request's headers); else ids from
   * a cross domain or an earlier grant's cookie allow. Then the current ids (this page's, else the cookies', else
   * new); both cookies rewritten, so the session slides. Without: no ids (the server counts a daily-hash visitor),
   * storage and queue in this page's memory.
   */
  const touch = () => {
    if (persist(g ?? c.cn ?? (v || read('_ocx_v')))) {
      v = cookie('_ocx_v', v, (c.cw || 90) * 864e2);
      s = cookie('_ocx_s', now() - last < 18e5 && s, 1800);
    }
    last = now();
  };

  const body = (b: Entry[]) => JSON.stringify({ site, events: b.map((x) => x.e) });

  /**
   * Sends up to 100 queued events due by `until` as text/plain JSON (no CORS preflight), counting the try and
   * leasing them until their retry time. 2xx (stored) and 4xx but 429 (rejected) remove them and let the next ones
   * go; network errors, 429 and 5xx leave them for a retry after the backoff.
   */
  const flush = (until = now()) => {
    const q = readQueue();
    const b = q.filter((x) => x.t <= until).slice(0, 100);
    for (const x of b) x.t = now() + backoff(++x.n);
    writeQueue(q);
    if (b[0])
      fetch(url, { method: 'POST', body: body(b), keepalive: true })
        .then(
          (r) => r.status < 500 && r.status !== 429,
          () => 0,
        )
        .then((done) => {
          if (done) writeQueue(readQueue().filter((x) => !b.some((y) => y.e.eventId === x.e.eventId)));
          setTimeout(flush, done ? 0 : backoff((b[0] as Entry).n));
        });
  };

  /** Queues an event once the config is there; a `page` view is skipped when regviewonce and already seen. */
  const track = (e: Input, page?: string) => {
    // sw: the screen's width in CSS pixels, for the Devices panel's screen sizes (the server keeps its class only).
    const h = {
      ...e,
      sw: screen.width,
      url: location.href,
      title: document.title,
      eventId: rid(),
      ts: now(),
    };
    ready.then(() => {
      try {
        touch();
        // regviewonce: sessionStorage remembers `<session id><page>` for the pages viewed in this session.
        if (!page || !c.ro || !store(`_ocx_r${s}${page}`, '1', 1)) {
          writeQueue([...readQueue(), { e: { ...h, visitorId: v, sessionId: s }, n: 0, t: 0 }]);
          setTimeout(flush);
        }
      } catch {
        // Never throw into the host page (e.g. props that JSON cannot serialize).
      }
    });
  };

  const pageview = (referrer: string) => {
    const p = location.pathname + location.search;
    if (p !== path) track({ type: 'pageview', referrer }, p);
    path = p;
    href = location.href;
  };

  /** Page hidden or leaving: the held and queued events go by beacon (the server deduplicates by eventId). */
  const hide = () => {
    configured();
    ready.then(() => {
      const q = readQueue().slice(-100);
      if (q[0]) navigator.sendBeacon(url, body(q));
    });
  };

  /**
   * consent true: ids go on the device (the memory queue with them) and a consent event links today's hash visitor
   * to the new id; false: the cookies, the stored queue and the regviewonce marks are deleted, ids forgotten.
   */
  const ocx = (command: string, arg?: unknown, options?: EventOptions) => {
    if (command === 'event') track({ ...options, type: 'custom', name: arg as string });
    if (command === 'identify') track({ type: command, userId: arg as string });
    // For the extras (extras.ts): a click on a configured selector.
    if (command === 'click') track({ type: command, selector: arg as string });
    if (command === 'consent') {
      if (!arg) {
        writeQueue([]);
        cookie('_ocx_v', '', 0);
        cookie('_ocx_s', '', 0);
        v = s = undefined;
      }
      g = persist(arg);
      if (g) track({ type: command, granted: true });
    }
  };

  if (params.has(PARAM)) {
    params.delete(PARAM);
    history.replaceState(0, '', u);
    last = now();
  }
  pageview(document.referrer);
  onNavigate(() => pageview(href));

  const w = window as unknown as { ocx?: typeof ocx & { q?: OcxArgs[] } };
  for (const a of w.ocx?.q || []) ocx(...a);
  // The extras read the config from here.
  (ocx as typeof ocx & { c: typeof c }).c = c;
  w.ocx = ocx;

  addEventListener('pagehide', hide);
  addEventListener('online', () => flush(1 / 0));
};
