import { baseDomain } from '../website/root-domain';

/** True when host is the domain or one of its subdomains. */
export function isWithin(host: string, domain: string): boolean {
  const d = baseDomain(domain);
  return d !== '' && (host === d || host.endsWith(`.${d}`));
}

/** The website's own hosts: its root domain and cross-domain list, with their subdomains. */
export function isOwnHost(host: string, website: { rootDomain: string; crossDomains: string[] }): boolean {
  return isWithin(host, website.rootDomain) || website.crossDomains.some((d) => isWithin(host, d));
}

export function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Where an entrance came from, outside the website: a web host, or an Android app by package name. */
export interface ExternalReferrer {
  /** The host, or the app's package name (stored as the click's referrer domain and source). */
  domain: string;
  app: boolean;
}

const ANDROID_PACKAGE = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;

/**
 * The package of an `android-app://<package>/…` referrer, the one Android browsers send for a link
 * opened from an app (Gmail sends android-app://com.google.android.gm/), else null.
 */
export function androidAppPackage(referrer: string): string | null {
  const name = /^android-app:\/\/([^/?#]{1,255})/i.exec(referrer.trim())?.[1]?.toLowerCase();
  return name && ANDROID_PACKAGE.test(name) ? name : null;
}

/** The referrer when it is an app or a web host outside the website's own domains, else null (docs/definitions.md#own-domain-referrers). */
export function externalReferrer(
  referrer: string | null,
  website: { rootDomain: string; crossDomains: string[] },
): ExternalReferrer | null {
  if (!referrer) return null;
  const app = androidAppPackage(referrer);
  if (app) return { domain: app, app: true };
  const host = hostOf(referrer);
  return host && !isOwnHost(host, website) ? { domain: host, app: false } : null;
}
