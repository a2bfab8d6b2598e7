import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { FirstPartySection } from './first-party.section';
import { draftFrom } from './website-draft';

const draft = { ...draftFrom(null), rootDomain: 'shop.com' };
const render = (ocxHost: string) =>
  renderScreen(<FirstPartySection draft={draft} onScriptChange={() => {}} ocxHost={ocxHost} />);

describe('First-Party Tracking Setup', () => {
  it('advises an A record to the address when OCX runs at an IP address, never a CNAME to it', () => {
    render('203.0.113.7');
    const [, row] = screen.getAllByRole('row');
    expect(row?.textContent).toBe('Atrack.shop.com203.0.113.7');
    expect(screen.getByTestId('dns-advice').textContent).toContain(
      'OCX is reached by its address (203.0.113.7), and a CNAME can only point at a host name: add an A record.',
    );
    expect(screen.getByLabelText(/The A record is in place/)).toBeTruthy();
  });

  it('advises a CNAME to the host name OCX runs on', () => {
    render('ocx.example.net');
    const [, row] = screen.getAllByRole('row');
    expect(row?.textContent).toBe('CNAMEtrack.shop.comocx.example.net');
    expect(screen.getByTestId('dns-advice').textContent).toContain('A CNAME to ocx.example.net');
  });
});
