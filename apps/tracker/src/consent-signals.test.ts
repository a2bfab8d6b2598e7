// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { readConsentSignals } from './consent-signals';

type Page = { dataLayer?: unknown[]; __tcfapi?: unknown };
const page = window as unknown as Page;
afterEach(() => {
  delete page.dataLayer;
  delete page.__tcfapi;
});

/** gtag as Google's snippet defines it: every call lands in dataLayer as its arguments. */
const gtag = (...args: unknown[]) => page.dataLayer?.push(args);

/** The reader over a fake ocx: a grant puts an id on the device, a refusal takes it away. */
const reader = (hasId = false) => {
  const answers: boolean[] = [];
  let id = hasId;
  readConsentSignals(
    (_command, granted) => {
      answers.push(granted);
      id = granted;
    },
    () => id,
  );
  return answers;
};

describe('the consent manager reader', () => {
  it("Consent Mode v2: a default 'denied' waits, an update 'granted' grants, an update 'denied' refuses", () => {
    page.dataLayer = [['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' }]];
    const answers = reader();
    expect(answers).toEqual([]);
    gtag('consent', 'update', { analytics_storage: 'granted' });
    gtag('event', 'page_view');
    gtag('consent', 'update', { analytics_storage: 'denied' });
    expect(answers).toEqual([true, false]);
  });

  it('Consent Mode v2: a grant already on the device is not repeated', () => {
    page.dataLayer = [['consent', 'default', { analytics_storage: 'granted' }]];
    expect(reader(true)).toEqual([]);
    expect(reader(false)).toEqual([true]);
  });

  it('TCF v2.2: purpose 1 decides once the choice is known', () => {
    const listeners: ((data: object, ok: boolean) => void)[] = [];
    page.__tcfapi = (_command: string, _version: number, callback: (data: object, ok: boolean) => void) =>
      listeners.push(callback);
    const answers = reader(true);
    listeners[0]?.({ eventStatus: 'cmpuishown', purpose: { consents: {} } }, true);
    expect(answers).toEqual([]);
    listeners[0]?.({ eventStatus: 'useractioncomplete', purpose: { consents: { 1: false } } }, true);
    expect(answers).toEqual([false]);
    listeners[0]?.({ eventStatus: 'tcloaded', purpose: { consents: { 1: true } } }, false);
    expect(answers).toEqual([false]);
  });
});
