import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render-screen';
import { ConsentShareLine } from './consent-share';

const line = () => screen.queryByTestId('consent-share');

describe('the share of visits without consent (dashboard, shared dashboard, Analytics)', () => {
  it('says the share, the counts and what it means, with a link to the glossary', () => {
    renderScreen(<ConsentShareLine share={{ visits: 1234, withoutConsent: 617, percent: 50 }} />);
    expect(line()?.textContent?.trim()).toBe(
      '50% of visits without consent (617 of 1,234): counted, not attributed across days.',
    );
    expect(
      screen.getByRole('link', { name: /not attributed across days \(glossary\)/ }).getAttribute('href'),
    ).toBe('/help/metrics#without-consent');
  });

  it('shows 0% only for a website that waits for consent, and nothing without visits', () => {
    const none = { visits: 8, withoutConsent: 0, percent: 0 };
    const { unmount } = renderScreen(<ConsentShareLine share={none} />);
    expect(line()).toBeNull();
    unmount();
    const waiting = renderScreen(<ConsentShareLine share={none} consentRequired />);
    expect(line()?.textContent).toContain('0% of visits without consent (0 of 8)');
    waiting.unmount();
    renderScreen(<ConsentShareLine share={{ visits: 0, withoutConsent: 0, percent: 0 }} consentRequired />);
    expect(line()).toBeNull();
  });
});
