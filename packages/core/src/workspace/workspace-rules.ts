import { adPlatforms, type ClickIdParam } from '../ingest/ad-platforms';

/** Spec §3: network and source ids are the lower-cased name with hyphens for spaces. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Spec §3: {rootDomain}/{path}, or the bare domain when the path is empty. */
export function landingPageUrl(rootDomain: string, path: string): string {
  return path ? `${rootDomain}/${path}` : rootDomain;
}

/**
 * The landing URLs clicks store for a landing page (`https://{host}{path}`, no query): the root
 * domain and its www host, with and without a trailing slash.
 */
export function landingPageClickUrls(rootDomain: string, path: string): string[] {
  const hosts = [rootDomain.toLowerCase(), `www.${rootDomain.toLowerCase()}`];
  const paths = path ? [`/${path}`, `/${path}/`] : ['/'];
  return hosts.flatMap((h) => paths.map((p) => `https://${h}${p}`));
}

/** What a stored landing URL names, comparable with landingPageKey: host without www, path without a trailing slash. */
export function clickLandingKey(landingUrl: string): string {
  const m = /^https?:\/\/(?:www\.)?([^/?#]+)(\/[^?#]*)?/i.exec(landingUrl);
  if (!m) return landingUrl;
  const path = (m[2] ?? '/').replace(/\/+$/, '');
  return `${(m[1] ?? '').toLowerCase()}${path}`;
}

export function landingPageKey(rootDomain: string, path: string): string {
  return `${rootDomain.toLowerCase().replace(/^www\./, '')}${path ? `/${path}` : ''}`;
}

/** A network's tracking parameter: the catalogue's entry for a known click id, else the spec's defaults. */
export function trackingParamFor(name: string): ClickIdParam {
  const key = name.trim().toLowerCase();
  for (const platform of adPlatforms) {
    const known = platform.trackingParams.find((p) => p.name === key);
    if (known) return known;
  }
  return {
    name: key,
    description: `${key} tracking parameter`,
    required: true,
    pattern: /^[A-Za-z0-9_-]+$/,
    example: 'abc_123',
  };
}

/** The catalogue in a form JSON can carry (patterns as their source text). */
export function adPlatformCatalogue() {
  return adPlatforms.map((p) => ({
    id: p.id,
    name: p.name,
    trackingParams: p.trackingParams.map(serializeParam),
  }));
}

export function serializeParam(p: ClickIdParam) {
  return {
    name: p.name,
    description: p.description,
    required: p.required,
    pattern: p.pattern.source,
    example: p.example,
  };
}
