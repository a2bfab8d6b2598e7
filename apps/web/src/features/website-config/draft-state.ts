import { WEIGHT_SUM, type WebsiteDraft } from './website-draft';

/** Deep equality of draft values; NaN (a cleared number field) equals NaN. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    );
  }
  return false;
}

function valueAt(values: unknown, path: string): unknown {
  let at = values;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** The draft's value an error path is about: the weight sum is about every weight. */
const sourceOf = (path: string) => (path === WEIGHT_SUM ? 'attribution.settings' : path);

/** Whether the field an error is about differs from the saved draft. */
export function changedField(draft: WebsiteDraft, saved: WebsiteDraft, path: string): boolean {
  return !sameValue(valueAt(draft, sourceOf(path)), valueAt(saved, sourceOf(path)));
}

/**
 * The errors a draft shows: a field says what is wrong with it once it is changed, and every field
 * once Save was pressed.
 */
export function shownErrors(
  errors: Record<string, string>,
  draft: WebsiteDraft,
  saved: WebsiteDraft,
  saveTried: boolean,
): Record<string, string> {
  if (saveTried) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => changedField(draft, saved, path)));
}
