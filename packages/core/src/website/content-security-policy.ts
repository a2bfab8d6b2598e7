/** The directives a tracker needs, and where a browser looks when the page does not name them (CSP 3). */
const FALLBACKS = {
  'script-src': ['script-src-elem', 'script-src', 'default-src'],
  'connect-src': ['connect-src', 'default-src'],
} as const;

export type TrackerDirective = keyof typeof FALLBACKS;

function directives(policy: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    // The first occurrence of a directive counts; browsers ignore repeats.
    if (name && !found.has(name.toLowerCase())) found.set(name.toLowerCase(), values);
  }
  return found;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
const portOf = (url: URL) => url.port || DEFAULT_PORTS[url.protocol] || '';

/** A source's scheme allows the URL's: the same, or http: → https: (CSP 3 "scheme-part matching"). */
function schemeMatches(source: string, url: URL): boolean {
  return source === url.protocol || (source === 'http:' && url.protocol === 'https:');
}

const HOST_SOURCE = /^(?:([a-z][a-z0-9+.-]*:)\/\/)?(\*|(?:\*\.)?[^/:]+)(?::(\d+|\*))?(\/.*)?$/i;

function hostSourceMatches(source: string, url: URL, page: URL): boolean {
  const m = HOST_SOURCE.exec(source);
  if (!m) return false;
  const [, scheme, host = '', port, path] = m;
  if (scheme ? !schemeMatches(scheme.toLowerCase(), url) : !schemeMatches(page.protocol, url)) return false;
  const hostname = url.hostname.toLowerCase();
  const wanted = host.toLowerCase();
  if (wanted.startsWith('*.')) {
    if (!hostname.endsWith(wanted.slice(1))) return false;
  } else if (wanted !== '*' && wanted !== hostname) return false;
  if (port !== '*') {
    const sourcePort = port ?? DEFAULT_PORTS[(scheme ?? url.protocol).toLowerCase()] ?? '';
    const upgraded = port === undefined && scheme?.toLowerCase() === 'http:' && portOf(url) === '443';
    if (sourcePort !== portOf(url) && !upgraded) return false;
  }
  if (path && path !== '/') {
    return path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path;
  }
  return true;
}

function sourceMatches(source: string, url: URL, page: URL): boolean {
  const lower = source.toLowerCase();
  if (lower === "'self'") {
    const sameScheme =
      url.protocol === page.protocol || (page.protocol === 'http:' && url.protocol === 'https:');
    return sameScheme && url.hostname === page.hostname && portOf(url) === portOf(page);
  }
  if (lower === '*') return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol);
  if (lower.startsWith("'")) return false;
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return schemeMatches(lower, url);
  return hostSourceMatches(source, url, page);
}

/**
 * Whether one Content-Security-Policy lets the page at `pageUrl` load a script from (script-src)
 * or send to (connect-src) `target`. A policy with 'strict-dynamic' trusts by nonce or hash, which
 * cannot be judged from outside the page: it counts as allowing.
 */
export function cspAllows(
  policy: string,
  directive: TrackerDirective,
  target: string,
  pageUrl: string,
): boolean {
  const list = directives(policy);
  const name = FALLBACKS[directive].find((d) => list.has(d));
  if (!name) return true;
  const sources = list.get(name) ?? [];
  if (sources.some((s) => s.toLowerCase() === "'strict-dynamic'") && directive === 'script-src') return true;
  const url = new URL(target);
  const page = new URL(pageUrl);
  return sources.some((source) => sourceMatches(source, url, page));
}
