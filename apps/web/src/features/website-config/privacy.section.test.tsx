import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import { PrivacySection } from './privacy.section';

afterEach(() => vi.unstubAllGlobals());

describe('Website Config → Privacy', () => {
  it('shows both consent modes with one sentence each, and hands every change to the draft (nothing is sent)', () => {
    const website = websiteFixture();
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json([]));
    vi.stubGlobal('fetch', fetch);
    const changes: unknown[] = [];
    renderScreen(
      <PrivacySection
        website={website}
        privacy={website.privacy}
        onChange={(patch) => changes.push(patch)}
      />,
    );
    const none = screen.getByRole('radio', { name: /No consent needed/ }) as HTMLInputElement;
    expect(none.checked).toBe(true);
    expect(screen.getByText(/Nothing is stored on the visitor's device until your site calls/)).toBeTruthy();
    expect(
      screen.getByText(/keeps a visitor id in a first-party cookie from the first pageview/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Wait for consent/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Do-Not-Track/ }));
    const months = screen.getByRole('textbox', { name: /Keep data for/ });
    expect((months as HTMLInputElement).value).toBe('25');
    fireEvent.change(months, { target: { value: '13' } });
    expect(changes).toEqual([{ consentMode: 'require' }, { respectDnt: true }, { retentionMonths: 13 }]);
    const increase = screen.getByRole('button', { name: 'Increase' });
    // Named "Increase", described by the field's label.
    const described = document.getElementById(increase.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Keep data for (months)');
    fireEvent.click(increase);
    expect(changes.at(-1)).toEqual({ retentionMonths: 26 });
    expect(
      fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH'),
    ).toEqual([]);
  });

  it('can be set before a new website is first saved', () => {
    renderScreen(
      <PrivacySection
        website={null}
        privacy={{ consentMode: 'require', respectDnt: false, retentionMonths: 25 }}
        onChange={() => undefined}
      />,
    );
    expect((screen.getByRole('radio', { name: /Wait for consent/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the erasure log: when, who, which visitor (first characters, what found them), rows deleted', async () => {
    const website = websiteFixture();
    const counts = { events: 8, clicks: 2, conversions: 1, credits: 1, identities: 0, postbackDeliveries: 0 };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://ocx.test');
      if (url.pathname === `/api/websites/${website.id}/visitor-erasures`)
        return Response.json([
          {
            id: 'e2',
            erasedBy: 'user:u1',
            erasedByEmail: 'alice@example.com',
            erasedAt: '2026-11-20T09:30:00.000Z',
            visitorRef: 'k3x9…',
            foundBy: 'userId',
            counts,
          },
          {
            id: 'e1',
            erasedBy: 'api-key',
            erasedByEmail: null,
            erasedAt: '2026-11-19T08:00:00.000Z',
            visitorRef: 'h.4f2a…',
            foundBy: 'visitorId',
            counts: { ...counts, events: 1, clicks: 1, conversions: 0, credits: 0 },
          },
        ]);
      return Response.json([]);
    });
    renderScreen(<PrivacySection website={website} privacy={website.privacy} onChange={() => undefined} />);
    const log = await screen.findByTestId('erasure-log');
    const rows = [...log.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['alice@example.com', 'k3x9… (found by user id)', '128 events, 2 visits, 1 conversion, 1 credit'],
      ['API key', 'h.4f2a… (found by visitor id)', '21 event, 1 visit, 0 conversions'],
    ]);
    expect(log.querySelector('tbody td')?.textContent).toMatch(/Nov 20, 2026/);
  });

  it('says when nothing was erased yet', async () => {
    vi.stubGlobal('fetch', async () => Response.json([]));
    const website = websiteFixture();
    renderScreen(<PrivacySection website={website} privacy={website.privacy} onChange={() => undefined} />);
    expect(await screen.findByText('No visitor data has been erased on this website.')).toBeTruthy();
  });
});
