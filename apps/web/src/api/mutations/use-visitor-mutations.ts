import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../queries/query-keys';
import { type VisitorCounts, type VisitorLookupKind, visitorsApi } from '../visitors.api';
import { type MutationCallbacks, useRefreshingMutation } from './mutation-callbacks';

interface VisitorLookup {
  kind: VisitorLookupKind;
  value: string;
}

/** Finds what is stored about a visitor (a POST-like action: asked for, never cached). */
export function useFindVisitor(
  websiteId: string,
  callbacks?: MutationCallbacks<{ visitors: VisitorCounts[] }, VisitorLookup>,
) {
  return useRefreshingMutation(
    ({ kind, value }: VisitorLookup) => visitorsApi.find(websiteId, kind, value),
    null,
    callbacks,
  );
}

interface VisitorErasure {
  visitorId: string;
  foundBy: VisitorLookupKind;
}

/** Erases a visitor for good; the erasure log shows the new entry. */
export function useEraseVisitor(
  websiteId: string,
  callbacks?: MutationCallbacks<{ deleted: Omit<VisitorCounts, 'visitorId'> }, VisitorErasure>,
) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    ({ visitorId, foundBy }: VisitorErasure) => visitorsApi.erase(websiteId, visitorId, foundBy),
    () => queryClient.invalidateQueries({ queryKey: queryKeys.visitorErasures(websiteId) }),
    callbacks,
  );
}
