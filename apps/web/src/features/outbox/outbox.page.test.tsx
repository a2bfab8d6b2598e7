import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import OutboxPage from './outbox.page';

const link = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard';

describe('outbox screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each kept mail's subject, address and text, its link a link", async () => {
    fakeApi({
      '/api/account/outbox': () => ({
        body: {
          transport: 'log',
          mails: [
            {
              to: 'ann@example.com',
              subject: 'Verify your email address',
              text: `OCX\n\nConfirm that this is your email address.\n\nVerify email: ${link}\n`,
              sentAt: '2024-03-01T10:00:00.000Z',
            },
          ],
        },
      }),
    });
    renderScreen(<OutboxPage />, '/outbox');
    expect(await screen.findByRole('heading', { name: 'Verify your email address' })).toBeTruthy();
    expect(screen.getByText('To ann@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    expect(screen.getByText(/Confirm that this is your email address/)).toBeTruthy();
  });

  it('sends the reader to their mailbox when the server has SMTP settings', async () => {
    fakeApi({ '/api/account/outbox': () => ({ body: { transport: 'smtp', mails: [] } }) });
    renderScreen(<OutboxPage />, '/outbox');
    expect(await screen.findByText(/look for OCX's mails in your mailbox/)).toBeTruthy();
  });
});
