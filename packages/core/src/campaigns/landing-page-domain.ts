import { LANDING_PATH_MAX, LANDING_PATH_PATTERN, messages, tooLong } from '@ocx/contracts';
import { hostOf, isOwnHost } from '../ingest/domains';
import { baseDomain, normalizeRootDomain } from '../website/root-domain';

/** The domains whose pages the tracker counts: the root domain and, with cross-domain tracking on, the list. */
export interface TrackedDomains {
  rootDomain: string;
  crossDomains: string[];
}

/**
 * True when the tracker would count a visit to this address: an http(s) page on the root domain, one
 * of its subdomains or a cross domain. A campaign sending visitors anywhere else would never count a
 * click (the collect endpoint refuses other origins, docs/definitions.md#the-campaign-link).
 */
export function tracksPageAt(url: string, domains: TrackedDomains): boolean {
  const host = hostOf(url.trim());
  return host !== null && normalizeRootDomain(domains.rootDomain) !== '' && isOwnHost(host, domains);
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The landing-page path a person typed: `products/pour-over-kit`, `/products/pour-over-kit/`, or the
 * page's whole address on the root domain (`https://shop.com/products/pour-over-kit`, `shop.com/…`;
 * its query is dropped, landing pages are matched without one); null for an address on another host.
 */
export function landingPathOf(input: string, rootDomain: string): string | null {
  const text = input.trim();
  const root = baseDomain(rootDomain);
  const first = (text.replace(SCHEME, '').split(/[/?#]/)[0] ?? '').toLowerCase();
  const address = SCHEME.test(text) || (root !== '' && (first === root || first === `www.${root}`));
  if (!address) return text.replace(/^\/+|\/+$/g, '');
  let url: URL;
  try {
    url = new URL(SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (!/^https?:$/.test(url.protocol) || !root || (host !== root && host !== `www.${root}`)) return null;
  return url.pathname.replace(/^\/+|\/+$/g, '');
}

/** The path a landing-page form's input stands for, or the message saying why it cannot be one. */
export function landingPathRule(
  input: string,
  rootDomain: string,
): { path: string; error: null } | { path: null; error: string } {
  const path = landingPathOf(input, rootDomain);
  if (path === null) return { path: null, error: messages.landingPages.otherDomain(baseDomain(rootDomain)) };
  if (path.length > LANDING_PATH_MAX) return { path: null, error: tooLong(LANDING_PATH_MAX) };
  if (!LANDING_PATH_PATTERN.test(path)) return { path: null, error: messages.landingPages.path };
  return { path, error: null };
}
