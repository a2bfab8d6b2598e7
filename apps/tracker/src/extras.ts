import type { TrackerConfig } from '@ocx/contracts';
import { readConsentSignals } from './consent-signals';

/** The tracker's ocx as the extras use it: its config, click events and consent. */
export type Ocx = ((command: 'click' | 'consent', arg: string | boolean) => void) & {
  c: Partial<TrackerConfig>;
};

/** The valid id in the tracker's cookie `name`, if any (only a visitor with ids on the device has them). */
const read = (name: string) => (document.cookie.match(`\\b${name}=([\\w-]{8,64})`) || [])[1];

/** The query parameter that carries `<visitorId>.<sessionId>` to the cross domains (read by tracker.ts). */
const PARAM = '_ocx';

/**
 * x.js, loaded by the tracker only for websites with click selectors or cross domains, or waiting for consent (the
 * core stays under its size budget); for the last, it reads the page's consent manager (consent-signals.ts). One capture-phase listener on document, so clicks the page stops still count:
 * click: each click selector the target is inside of is sent (an invalid selector matches nothing);
 * a link to a cross domain (or a subdomain of one) gets the ids of the tracker's cookies (none before consent,
 * nor once the session cookie has lapsed).
 */
export const extras = (ocx: Ocx): void => {
  const c = ocx.c;
  // A website waiting for consent (no cn): the page's consent manager may give or refuse it.
  if (c.cn === undefined) readConsentSignals(ocx, () => !!read('_ocx_v'));
  document.addEventListener(
    'click',
    (e) =>
      ['a[href]', ...(c.cs || [])].forEach((selector, i) => {
        try {
          const a = (e.target as Element).closest(selector) as HTMLAnchorElement;
          const h = a && `.${a.hostname}`;
          if (a && i) ocx('click', selector);
          else if (h && (c.xd || []).some((d) => h.endsWith(`.${d}`))) {
            const v = read('_ocx_v');
            const s = read('_ocx_s');
            if (v && s) {
              const u = new URL(a.href);
              u.searchParams.set(PARAM, `${v}.${s}`);
              a.href = u.href;
            }
          }
        } catch {
          // Not an element, or an invalid selector.
        }
      }),
    true,
  );
};
