/**
 * The root-domain rule (docs/definitions.md#root-domains): strip the protocol and trailing slashes;
 * what remains is labels of 1 to 63 letters, digits and inner hyphens (`x.com`, `m.shop.com`),
 * punycode labels included, and a top-level part of at least two letters or a punycode one (`xn--p1ai`).
 */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const TOP_LEVEL = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})';
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+${TOP_LEVEL}$`);

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
