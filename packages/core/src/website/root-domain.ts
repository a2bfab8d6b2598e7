/**
 * The stored-config domain rule (spec §5): strip the protocol and trailing slashes; what remains is an
 * optional www, labels of letters, digits and hyphens (2–63 characters each) and a top-level part of
 * at least two letters.
 */
const DOMAIN_PATTERN = /^(www\.)?([a-z0-9-]{2,63}\.)+[a-z]{2,63}$/;

export function normalizeRootDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/\/+$/, '');
}

export function isValidRootDomain(input: string): boolean {
  const domain = normalizeRootDomain(input);
  return domain.length <= 253 && DOMAIN_PATTERN.test(domain);
}

/** The registrable part we set cookies on and put `track.` in front of: a leading www is dropped. */
export function baseDomain(rootDomain: string): string {
  return normalizeRootDomain(rootDomain).replace(/^www\./, '');
}

export function trackingHost(rootDomain: string): string {
  return `track.${baseDomain(rootDomain)}`;
}

export function cookieDomain(rootDomain: string): string {
  return rootDomain ? `.${baseDomain(rootDomain)}` : '';
}
