import type { IngestEvent } from '@ocx/core';
import { eventRow } from './event-rows.sql';

let lastMs = 0;
let sequence = 0;

/**
 * An event's `id` on ClickHouse: milliseconds × 1000 plus a sequence, so ids grow with time like the
 * SQL stores' and stay exact in a JavaScript number (below 2^53 until the year 2255).
 */
function nextEventId(now = Date.now()): number {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 999) {
    lastMs += 1;
    sequence = 0;
  }
  return lastMs * 1000 + sequence;
}

/** The row for the `events` table: the SQL store's columns plus the id. */
export function clickHouseEventRow(e: IngestEvent): Record<string, unknown> {
  return { ...eventRow(e), id: nextEventId() };
}

/** The columns StoredEvent reads, in a SELECT. */
export const storedEventColumns =
  'id, website_id, event_id, type, name, ts, url, path, title, referrer_domain, channel, campaign_id, click_id_type, country, device_type, browser, os, value, currency, visitor_id, session_id';

export interface StoredEventRow {
  id: number;
  website_id: string;
  event_id: string;
  type: string;
  name: string | null;
  ts: number;
  url: string;
  path: string;
  title: string | null;
  referrer_domain: string | null;
  channel: string;
  campaign_id: string | null;
  click_id_type: string | null;
  country: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  value: number | null;
  currency: string | null;
  visitor_id: string;
  session_id: string;
}
