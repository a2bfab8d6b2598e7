import { useMutation } from '@tanstack/react-query';

/**
 * What the caller does after a change: run by the hook itself (not by `mutate`), so it still runs
 * when the change unmounts the component that asked for it (a deleted card).
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?(data: TData, variables: TVariables): unknown;
  onError?(error: Error, variables: TVariables): unknown;
}

/** A mutation that refreshes what it changed (`null`: nothing cached changes) before the caller's `onSuccess`. */
export function useRefreshingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh: ((data: TData, variables: TVariables) => Promise<unknown>) | null,
  callbacks: MutationCallbacks<TData, TVariables> = {},
) {
  return useMutation<TData, Error, TVariables>({
    mutationFn,
    onSuccess: async (data, variables) => {
      await refresh?.(data, variables);
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
