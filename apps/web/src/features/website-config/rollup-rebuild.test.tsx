import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import { RollupRebuild } from './rollup-rebuild';

const website = { ...websiteFixture(), timezone: 'Asia/Kathmandu' };

describe('rebuild of the daily figures after a time-zone change', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the progress while it runs and says the dashboard counts from raw events meanwhile', async () => {
    fakeApi({
      '/api/websites/w1/rollups': () => ({
        body: { timezone: 'Asia/Kathmandu', rebuilding: true, progress: 0.42 },
      }),
    });
    renderScreen(<RollupRebuild website={website} changed={false} />);
    expect(
      await screen.findByText('Rebuilding the daily figures for Asia/Kathmandu (GMT+05:45)'),
    ).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByText(/counts from the raw events/)).toBeTruthy();
  });

  it('says it is done after a change, and says nothing when no change was made', async () => {
    const { requests } = fakeApi({
      '/api/websites/w1/rollups': () => ({
        body: { timezone: 'Asia/Kathmandu', rebuilding: false, progress: null },
      }),
    });
    const { unmount } = renderScreen(<RollupRebuild website={website} changed />);
    expect(await screen.findByText('Daily figures rebuilt for Asia/Kathmandu (GMT+05:45).')).toBeTruthy();
    unmount();
    const asked = requests.length;
    renderScreen(<RollupRebuild website={website} changed={false} />);
    await waitFor(() => expect(requests.length).toBeGreaterThan(asked));
    expect(screen.queryByTestId('rollup-rebuild')).toBeNull();
  });
});
