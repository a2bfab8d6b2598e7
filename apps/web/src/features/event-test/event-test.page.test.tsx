import { messages } from '@ocx/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectedWebsiteProvider } from '../../components/websites/selected-website';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import EventTestPage from './event-test.page';

const event = (id: number, test: boolean, name: string) => ({
  id,
  websiteId: 'w1',
  eventId: `e${id}${test}`,
  type: test ? 'custom' : 'pageview',
  name: test ? name : null,
  ts: Date.parse('2024-03-01T10:00:00Z') - id,
  url: 'https://shop.test/',
  path: test ? '/ocx-event-test' : `/${name}`,
  title: null,
  referrerDomain: null,
  channel: 'direct',
  campaignId: null,
  clickIdType: null,
  country: null,
  deviceType: 'desktop',
  browser: 'Chrome',
  os: 'Linux',
  value: null,
  currency: null,
  visitorId: 'v',
  sessionId: 's',
  test,
});

function openEventTest(answer: object) {
  localStorage.setItem('ocx.selectedWebsiteId', JSON.stringify('w1'));
  const { requests } = fakeApi({
    '/api/websites': () => ({ body: [websiteFixture()] }),
    '/api/websites/w1/events': () => ({
      body: [event(1, true, 'ocx_test_event'), event(1, false, 'pricing')],
    }),
    '/api/websites/w1/test-event': () => ({ body: answer }),
    '/api/websites/w1/campaigns': () => ({ body: [] }),
  });
  renderScreen(
    <SelectedWebsiteProvider>
      <EventTestPage />
    </SelectedWebsiteProvider>,
  );
  return requests;
}

describe('Event Test screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says at once why the test event was dropped, on the screen', async () => {
    const reason = messages.eventTest.droppedBot('HeadlessChrome/120');
    openEventTest({ stored: false, reason: 'bot', message: reason });
    await userEvent.click(await screen.findByRole('button', { name: 'Send Test Event' }));
    const outcome = await screen.findByTestId('test-event-outcome');
    expect(outcome.textContent).toContain('Test event dropped');
    expect(outcome.textContent).toContain(reason);
  });

  it('marks test events in the recent events with a Test badge, and only them', async () => {
    openEventTest({ stored: true, reason: null, message: messages.eventTest.stored });
    const table = await screen.findByTestId('recent-events');
    const testRow = within(table).getByRole('row', { name: /ocx_test_event/ });
    expect(within(testRow).getByText('Test')).toBeTruthy();
    const realRow = within(table).getByRole('row', { name: /pricing/ });
    expect(within(realRow).queryByText('Test')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send Test Event' }));
    expect((await screen.findByTestId('test-event-outcome')).textContent).toBe(messages.eventTest.stored);
  });
});
