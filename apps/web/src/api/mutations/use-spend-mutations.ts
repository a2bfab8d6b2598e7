import type { CostImport, CostImportResult, CostPreview, ManualCost } from '@ocx/contracts';
import { costsApi } from '../costs.api';
import { useInvalidateSpend } from '../queries/use-invalidate-spend';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

/** Spend typed by hand for one campaign, spread over its days. */
export function useAddManualSpend(
  websiteId: string,
  campaignId: string,
  callbacks?: MutationCallbacks<CostImportResult, ManualCost>,
) {
  const invalidate = useInvalidateSpend(websiteId);
  return useRefreshingMutation(
    (input: ManualCost) => costsApi.addManual(websiteId, campaignId, input),
    invalidate,
    callbacks,
  );
}

/** Reads a cost report and says what an import would save (nothing is saved). */
export function usePreviewCostReport(
  websiteId: string,
  callbacks?: MutationCallbacks<CostPreview, CostImport>,
) {
  return useRefreshingMutation((input: CostImport) => costsApi.preview(websiteId, input), null, callbacks);
}

export function useImportCostReport(
  websiteId: string,
  callbacks?: MutationCallbacks<CostImportResult, CostImport>,
) {
  const invalidate = useInvalidateSpend(websiteId);
  return useRefreshingMutation(
    (input: CostImport) => costsApi.importReport(websiteId, input),
    invalidate,
    callbacks,
  );
}
