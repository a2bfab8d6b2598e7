import type { AttributionStatus, PostbackDelivery } from '@ocx/contracts';

/** Puts `macro` where the cursor is (replacing a selection); the cursor lands right after it. */
export function insertAtCursor(
  value: string,
  macro: string,
  selectionStart: number | null,
  selectionEnd: number | null,
): { value: string; cursor: number } {
  const start = clamp(selectionStart ?? value.length, 0, value.length);
  const end = clamp(selectionEnd ?? start, start, value.length);
  return { value: value.slice(0, start) + macro + value.slice(end), cursor: start + macro.length };
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/** A server-to-server conversion sent with `key`, to show how the key is used. */
export function curlExample(origin: string, key: string): string {
  return [
    `curl -X POST ${origin}/api/v1/conversions \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"goal": "Purchase", "value": 49.9, "currency": "USD",`,
    `       "ocxid": "<campaign ocxid>", "dedupeKey": "order-1001"}'`,
  ].join('\n');
}

/** What the receiver last answered: its HTTP status, else the network error, else nothing yet. */
export function deliveryResult(d: Pick<PostbackDelivery, 'lastStatus' | 'lastError'>): {
  text: string;
  ok: boolean | null;
} {
  if (d.lastStatus !== null)
    return { text: `HTTP ${d.lastStatus}`, ok: d.lastStatus >= 200 && d.lastStatus < 300 };
  if (d.lastError) return { text: d.lastError, ok: false };
  return { text: 'Not tried yet', ok: null };
}

/** Share of the recompute done, 0–100; a recompute with nothing to do counts as complete. */
export function recomputePercent(status: Pick<AttributionStatus, 'done' | 'total'>): number {
  if (status.total <= 0) return 100;
  return clamp(Math.round((status.done / status.total) * 100), 0, 100);
}
