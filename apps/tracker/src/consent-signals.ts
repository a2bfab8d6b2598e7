/** ocx as the consent reader uses it. */
type ConsentOcx = (command: 'consent', granted: boolean) => void;

type Tcf = (
  command: 'addEventListener',
  version: 2,
  callback: (
    data: { eventStatus?: string; purpose?: { consents?: Record<number, boolean> } },
    ok: boolean,
  ) => void,
) => void;

/**
 * Reads the page's consent manager for a website waiting for consent (part of x.js): Google Consent
 * Mode v2 (`analytics_storage` of gtag's consent default and update, read from dataLayer, also as
 * they are pushed later) and IAB TCF v2.2 through __tcfapi (purpose 1, storing on a device). An
 * answer that matches what the device holds (the visitor cookie or its absence) is not repeated, so
 * a returning visitor's restored consent sends no new consent event and a default 'denied' before
 * the manager restores a grant deletes nothing.
 */
export const readConsentSignals = (ocx: ConsentOcx, hasId: () => boolean): void => {
  const w = window as unknown as { dataLayer?: unknown[]; __tcfapi?: Tcf };
  const answer = (granted: boolean) => granted !== hasId() && ocx('consent', granted);
  const seen = (item: unknown) => {
    const [command, kind, state] = (item || []) as [unknown, unknown, { analytics_storage?: string }?];
    const storage = command === 'consent' && state?.analytics_storage;
    // A default 'denied' only says nothing is granted yet; an update 'denied' is a refusal.
    if (storage && (storage === 'granted' || kind === 'update')) answer(storage === 'granted');
  };
  w.dataLayer = w.dataLayer || [];
  const layer = w.dataLayer;
  layer.forEach(seen);
  const push = layer.push;
  layer.push = (...items: unknown[]) => {
    items.forEach(seen);
    return push.apply(layer, items);
  };
  w.__tcfapi?.('addEventListener', 2, (data, ok) => {
    if (ok && (data.eventStatus === 'tcloaded' || data.eventStatus === 'useractioncomplete'))
      answer(!!data.purpose?.consents?.[1]);
  });
};
