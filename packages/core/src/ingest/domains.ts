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
