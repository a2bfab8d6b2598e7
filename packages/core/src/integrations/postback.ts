import { DAY_MS } from '../durations';

/** Values a postback URL template can name (see postbackMacros in contracts). */
export interface PostbackValues {
  ocxid: string | null;
  clickId: string | null;
  gclid: string | null;
  goal: string;
  value: number | null;
  currency: string;
  conversionId: string;
}

/** Fills {ocxid} {click_id} {gclid} {goal} {value} {currency} {conversion_id}, URL-encoded; unknown ones stay. */
export function expandPostbackUrl(template: string, v: PostbackValues): string {
  const macros: Record<string, string> = {
    '{ocxid}': v.ocxid ?? '',
    '{click_id}': v.clickId ?? '',
    '{gclid}': v.gclid ?? '',
    '{goal}': v.goal,
    '{value}': String(v.value ?? 0),
    '{currency}': v.currency,
    '{conversion_id}': v.conversionId,
  };
  return template.replace(/\{[a-z_]+\}/g, (macro) =>
    macro in macros ? encodeURIComponent(macros[macro] ?? '') : macro,
  );
}

export const MAX_POSTBACK_ATTEMPTS = 8;

/** Wait before the next try after `attempts` failed ones: base × 2^(attempts − 1), at most a day. */
export function postbackRetryDelay(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), DAY_MS);
}
