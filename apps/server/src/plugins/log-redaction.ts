/** What stands in a logged URL where a secret was. */
export const REDACTED = '[redacted]';

/** Query parameters that carry a secret: magic-link, verification and reset tokens; OAuth/OIDC code and state. */
const SECRET_PARAMS = new Set(['token', 'code', 'state']);

/** Paths whose next segment is a secret (shared links, invitations, better-auth's reset link). */
const SECRET_SEGMENT_AFTER = [['share'], ['invitations'], ['auth', 'reset-password']];

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

function redactPath(path: string): string {
  const segments = path.split('/');
  // Matched as the router would see them: spelled out, any case, without empty or `.` segments.
  const spelled = segments
    .map((segment, index) => ({ name: decoded(segment), index }))
    .filter((s) => s.name !== '' && s.name !== '.');
  const start = spelled[0]?.name === 'api' ? 1 : 0;
  for (const prefix of SECRET_SEGMENT_AFTER) {
    const matches = prefix.every((name, i) => spelled[start + i]?.name === name);
    const secret = spelled[start + prefix.length];
    if (matches && secret) segments[secret.index] = REDACTED;
  }
  return segments.join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      return at >= 0 && SECRET_PARAMS.has(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A request URL as a log line may show it: the tokens of shared links, invitations, magic links,
 * email verification and password reset, and OAuth/OIDC `code` and `state`, replaced by REDACTED.
 * Everything else (the route, other parameters) stays, so a line still says what was asked.
 */
export function redactUrl(url: string): string {
  const origin = ORIGIN.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? null : beforeHash.slice(question + 1);
  // A fragment is never sent by a browser; whatever one holds is dropped, not logged.
  return `${origin}${redactPath(path)}${query === null ? '' : `?${redactQuery(query)}`}`;
}
