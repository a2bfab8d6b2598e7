/**
 * NUL characters: JSON carries them (\u0000) but PostgreSQL text cannot store them, and no field
 * means anything by one. Identifiers and names that hold one are refused; descriptive text loses it.
 */
export const NUL_MESSAGE = 'must not contain NUL characters';

export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

export const withoutNul = (value: string): string => value.replaceAll('\u0000', '');

/** True when a parsed JSON value holds a NUL character in any string or key, at any depth. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !hasNoNul(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => !hasNoNul(k) || containsNul(v, depth + 1));
}
