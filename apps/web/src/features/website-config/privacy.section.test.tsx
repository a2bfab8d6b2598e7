import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import { PrivacySection } from './privacy.section';

afterEach(() => vi.unstubAllGlobals());

describe('Website Config → Privacy', () => {
  it('shows both consent modes with one sentence each and saves a change at once', async () => {
    const website = websiteFixture();
    const patches: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://ocx.test');
      if (init?.method === 'PATCH' && url.pathname === `/api/websites/${website.id}`) {
        const body = JSON.parse(String(init.body));
        patches.push(body);
        return Response.json({ ...website, privacy: { ...website.privacy, ...body.privacy } });
      }
      return Response.json([]);
    });
    renderScreen(<PrivacySection website={website} />);
    const none = screen.getByRole('radio', { name: /No consent needed/ }) as HTMLInputElement;
    const wait = screen.getByRole('radio', { name: /Wait for consent/ }) as HTMLInputElement;
    expect(none.checked).toBe(true);
    expect(screen.getByText(/Nothing is stored on the visitor's device until your site calls/)).toBeTruthy();
    expect(
      screen.getByText(/keeps a visitor id in a first-party cookie from the first pageview/),
    ).toBeTruthy();
    fireEvent.click(wait);
    await waitFor(() => expect(patches).toEqual([{ privacy: { consentMode: 'require' } }]));
    fireEvent.click(screen.getByRole('checkbox', { name: /Do-Not-Track/ }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ privacy: { respectDnt: true } });
    const months = screen.getByRole('textbox', { name: /Keep data for/ });
    expect((months as HTMLInputElement).value).toBe('25');
    fireEvent.change(months, { target: { value: '13' } });
    fireEvent.blur(months);
    await waitFor(() => expect(patches).toHaveLength(3));
    expect(patches[2]).toEqual({ privacy: { retentionMonths: 13 } });
  });

  it('asks to save a new website first', () => {
    renderScreen(<PrivacySection website={null} />);
    expect(screen.getByText('Save the configuration first to choose its consent mode.')).toBeTruthy();
  });
});
