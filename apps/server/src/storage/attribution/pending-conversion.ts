import type { TouchCredit } from '@ocx/core';

export interface PendingConversion {
  id: string;
  websiteId: string;
  goalName: string;
  currency: string;
  visitorId: string | null;
  campaignId: string | null;
  clickRowId: string | null;
  valueMinor: number | null;
  ts: number;
  state: number;
  /** path_changes when read: a change meanwhile sends the conversion back to be credited again. */
  pathChanges: number;
}

/** What crediting made of a conversion, to be written. */
export interface CreditOutcome {
  conversion: PendingConversion;
  /** Every touchpoint's credits, per settings version; absent when crediting failed. */
  credits: { version: number; rows: TouchCredit[] }[] | null;
  /** Why it failed, or what it had to leave out; null when all went well. */
  issue: string | null;
}

/** The conversion columns crediting reads (`conversion as c`). */
export const pendingColumns = [
  'c.id',
  'c.website_id',
  'c.goal_name',
  'c.currency',
  'c.visitor_id',
  'c.campaign_id',
  'c.click_id',
  'c.value_minor',
  'c.ts',
  'c.followed_up',
  'c.path_changes',
] as const;

/** A conversion row as the crediting queries select it. */
export interface PendingRecord {
  id: string;
  website_id: string;
  goal_name: string;
  currency: string;
  visitor_id: string | null;
  campaign_id: string | null;
  click_id: string | null;
  value_minor: number | null;
  ts: number;
  followed_up: number;
  path_changes: number;
}

export const toPending = (r: PendingRecord): PendingConversion => ({
  id: r.id,
  websiteId: r.website_id,
  goalName: r.goal_name,
  currency: r.currency,
  visitorId: r.visitor_id,
  campaignId: r.campaign_id,
  clickRowId: r.click_id,
  valueMinor: r.value_minor === null ? null : Number(r.value_minor),
  ts: Number(r.ts),
  state: Number(r.followed_up),
  pathChanges: Number(r.path_changes),
});
