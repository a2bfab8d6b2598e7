import type { CostReportRow } from './cost-report';

/** What a report row can be matched on: the website's own campaigns only. */
export interface MatchableCampaign {
  id: string;
  name: string;
  /** The campaign's utm_campaign tag (what ad platforms usually name the campaign). */
  utmCampaign: string | null;
}

export type CostRowMatch =
  | { status: 'matched'; campaignId: string; campaignName: string }
  | { status: 'unmatched' }
  /** The same campaign and day as an earlier row of the file (`duplicateOf` is its line): not saved. */
  | { status: 'duplicate'; campaignId: string; campaignName: string; duplicateOf: number };

const key = (s: string) => s.trim().toLowerCase();

/**
 * Matches each row to a campaign by utm_campaign first, then by name (both ignoring case and
 * surrounding spaces). A second row for a campaign and day already matched is a duplicate.
 */
export function matchCostRows(
  rows: readonly CostReportRow[],
  campaigns: readonly MatchableCampaign[],
): (CostReportRow & CostRowMatch)[] {
  const byUtm = new Map<string, MatchableCampaign>();
  const byName = new Map<string, MatchableCampaign>();
  for (const c of campaigns) {
    if (c.utmCampaign && !byUtm.has(key(c.utmCampaign))) byUtm.set(key(c.utmCampaign), c);
    if (!byName.has(key(c.name))) byName.set(key(c.name), c);
  }
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const campaign = byUtm.get(key(row.campaign)) ?? byName.get(key(row.campaign));
    if (!campaign) return { ...row, status: 'unmatched' as const };
    const slot = `${campaign.id}\u0000${row.day}`;
    const first = seen.get(slot);
    const named = { campaignId: campaign.id, campaignName: campaign.name };
    if (first !== undefined) return { ...row, ...named, status: 'duplicate' as const, duplicateOf: first };
    seen.set(slot, row.line);
    return { ...row, ...named, status: 'matched' as const };
  });
}
