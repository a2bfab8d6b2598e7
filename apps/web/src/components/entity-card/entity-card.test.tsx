import { ModalsProvider } from '@mantine/modals';
import type { Network } from '@ocx/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NetworkCard } from '../../features/networks/network-card';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { EntityCard } from './entity-card';

function renderCard(onDelete: () => void) {
  renderScreen(
    <ModalsProvider>
      <EntityCard
        testId="thing-card"
        noun="landing page"
        name="Spring offer"
        subtitle="shop.test/spring"
        onDelete={onDelete}
        deleting={false}
      >
        <p>fields</p>
      </EntityCard>
    </ModalsProvider>,
  );
}

const network: Network = {
  id: 'n1',
  websiteId: 'w1',
  slug: 'google-ads',
  name: 'Google Ads',
  trackingParams: [
    { name: 'gclid', description: 'Google click id', required: true, pattern: null, example: 'abc' },
  ],
  sources: ['Search'],
  metrics: {
    clicks: 0,
    visitors: 0,
    convertedVisitors: 0,
    conversions: 0,
    conversionRate: 0,
    revenue: 0,
    revenueByCurrency: {},
  },
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('entity card', () => {
  it('asks before deleting, naming the entity; Cancel deletes nothing', async () => {
    const onDelete = vi.fn();
    renderCard(onDelete);
    await userEvent.click(screen.getByRole('button', { name: 'Delete landing page Spring offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete landing page "Spring offer"' });
    expect(within(dialog).getByText('Are you sure you want to delete this landing page?')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Close Delete landing page "Spring offer" dialog' }),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('deletes once the person confirms', async () => {
    const onDelete = vi.fn();
    renderCard(onDelete);
    await userEvent.click(screen.getByRole('button', { name: 'Delete landing page Spring offer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('a network card sends its DELETE only after the confirmation', async () => {
    const { calls } = fakeApi({
      '/api/websites/w1/networks/n1': () => ({ body: null }),
      '/api/websites/w1/networks': () => ({ body: [] }),
    });
    renderScreen(
      <ModalsProvider>
        <NetworkCard network={network} />
      </ModalsProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete network Google Ads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete network "Google Ads"' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete network Google Ads' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', path: '/api/websites/w1/networks/n1', body: null }),
    );
  });
});
