import { ApiCosts, CostImport, ManualCost } from '@ocx/contracts';
import type { RouteDoc } from '../../plugins/route-doc';

/** The OpenAPI entries of ad spend (route-docs.ts gathers them with the others). */
export const costDocs: Record<string, RouteDoc> = {
  'GET /api/websites/:id/campaigns/:campaignId/costs': {
    tag: 'Ad spend',
    summary: "A campaign's spend per day (newest first) with where each day came from (manual, csv, api)",
  },
  'POST /api/websites/:id/campaigns/:campaignId/costs': {
    tag: 'Ad spend',
    summary:
      'Enter spend by hand: the amount is spread evenly over the days from startDate to endDate (in minor units, the days add up exactly); days already entered are replaced',
    body: ManualCost,
    status: 200,
  },
  'POST /api/websites/:id/costs/preview': {
    tag: 'Ad spend',
    summary:
      'Read a Google Ads, Meta Ads Manager or Microsoft Ads daily campaign report (CSV text) and say for each row whether it matches a campaign (by utm_campaign or name), matches none, or repeats an earlier row; nothing is saved. A malformed file answers 400 naming its line',
    body: CostImport,
    status: 200,
  },
  'POST /api/websites/:id/costs/import': {
    tag: 'Ad spend',
    summary:
      "Save the matched rows of a report; a campaign's day imported again replaces the earlier amount. A malformed file answers 400 naming its line and saves nothing",
    body: CostImport,
    status: 200,
  },
  'POST /api/v1/costs': {
    tag: 'Ad spend',
    access: 'websiteKey',
    summary:
      "Send spend per campaign per day from a script; each entry names its campaign by id, ocxid, utm_campaign or name among the key's website's campaigns. Answers {saved, replaced, unmatched: [{index, campaign}]}",
    body: ApiCosts,
    status: 200,
  },
};
