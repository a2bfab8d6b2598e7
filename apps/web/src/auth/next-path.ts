/**
 * Where to go after signing in or up, from a `?next=` parameter: only a path of this app (one
 * leading slash), never another site (`//evil.test`, `https://…`, `/\evil.test`). Null otherwise.
 */
export function nextPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
