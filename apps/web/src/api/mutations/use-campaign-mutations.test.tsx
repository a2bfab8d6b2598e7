import { messages } from '@ocx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { queryKeys } from '../queries/query-keys';
import { useDeleteCampaign } from './use-campaign-mutations';

function renderDelete(callbacks: { onSuccess?(): void; onError?(error: Error): void }) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDeleteCampaign('w1', callbacks), { wrapper });
  return { result, invalidate };
}

describe('useDeleteCampaign', () => {
  it('counts a campaign that no longer exists as deleted (spec §4) and refreshes the workspace', async () => {
    fakeApi({
      '/api/websites/w1/campaigns/c1': () => ({ status: 404, body: { error: messages.campaigns.notFound } }),
    });
    const onSuccess = vi.fn();
    const { result, invalidate } = renderDelete({ onSuccess });
    await act(() => result.current.mutateAsync('c1'));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.workspace.all('w1') });
  });

  it('passes any other failure to the caller', async () => {
    fakeApi({ '/api/websites/w1/campaigns/c1': () => ({ status: 500, body: { error: 'boom' } }) });
    const onError = vi.fn();
    const { result, invalidate } = renderDelete({ onError });
    await act(() => result.current.mutateAsync('c1').catch(() => undefined));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
