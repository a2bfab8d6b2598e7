import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { queryKeys } from '../queries/query-keys';
import { useCreateNetwork, useDeleteNetwork, useUpdateNetwork } from './use-network-mutations';

function withClient() {
  const queryClient = new QueryClient();
  const invalidated: unknown[] = [];
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { wrapper, invalidate, invalidated };
}

const input = { name: 'Bing Ads', trackingParams: ['msclkid'], sources: ['Search'] };

describe('network mutations', () => {
  it('create, update and delete call the API and refresh the whole workspace, then the caller', async () => {
    const { calls } = fakeApi({
      '/api/websites/w1/networks': () => ({ status: 201, body: { id: 'n1', ...input } }),
      '/api/websites/w1/networks/n1': () => ({ body: { id: 'n1', ...input } }),
    });
    const { wrapper, invalidated } = withClient();
    const order: string[] = [];
    const onSuccess = () => order.push(`caller after ${invalidated.length} refresh(es)`);
    const { result } = renderHook(
      () => ({
        create: useCreateNetwork('w1', { onSuccess }),
        update: useUpdateNetwork('w1', { onSuccess }),
        remove: useDeleteNetwork('w1', { onSuccess }),
      }),
      { wrapper },
    );

    await act(() => result.current.create.mutateAsync(input));
    await act(() => result.current.update.mutateAsync({ id: 'n1', input }));
    await act(() => result.current.remove.mutateAsync('n1'));

    expect(calls).toEqual([
      { method: 'POST', path: '/api/websites/w1/networks', body: input },
      { method: 'PUT', path: '/api/websites/w1/networks/n1', body: input },
      { method: 'DELETE', path: '/api/websites/w1/networks/n1', body: null },
    ]);
    expect(invalidated).toEqual([
      queryKeys.workspace.all('w1'),
      queryKeys.workspace.all('w1'),
      queryKeys.workspace.all('w1'),
    ]);
    expect(order).toEqual([
      'caller after 1 refresh(es)',
      'caller after 2 refresh(es)',
      'caller after 3 refresh(es)',
    ]);
  });

  it('a refusal reaches the caller with the server text and field, and refreshes nothing', async () => {
    fakeApi({
      '/api/websites/w1/networks': () => ({
        status: 409,
        body: { error: 'A network with this name already exists', field: 'name' },
      }),
    });
    const { wrapper, invalidate } = withClient();
    const onError = vi.fn();
    const { result } = renderHook(() => useCreateNetwork('w1', { onError }), { wrapper });
    act(() => result.current.mutate(input));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      status: 409,
      message: 'A network with this name already exists',
      field: 'name',
    });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
