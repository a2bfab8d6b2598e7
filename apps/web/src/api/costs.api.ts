import type { CampaignCostDay, CostImport, CostImportResult, CostPreview, ManualCost } from '@ocx/contracts';
import { api } from './client';

const site = (websiteId: string) => `/api/websites/${encodeURIComponent(websiteId)}`;

/** Ad spend per campaign per day (docs/definitions.md#ad-spend): manual entry and CSV reports. */
export const costsApi = {
  days: (websiteId: string, campaignId: string) =>
    api<CampaignCostDay[]>('GET', `${site(websiteId)}/campaigns/${encodeURIComponent(campaignId)}/costs`),
  addManual: (websiteId: string, campaignId: string, input: ManualCost) =>
    api<CostImportResult>(
      'POST',
      `${site(websiteId)}/campaigns/${encodeURIComponent(campaignId)}/costs`,
      input,
    ),
  preview: (websiteId: string, input: CostImport) =>
    api<CostPreview>('POST', `${site(websiteId)}/costs/preview`, input),
  importReport: (websiteId: string, input: CostImport) =>
    api<CostImportResult>('POST', `${site(websiteId)}/costs/import`, input),
};
