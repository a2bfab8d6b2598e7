import { describe, expect, it } from 'vitest';
import { mockOf } from '../../test/service-mocks';
import { alice } from '../../test/service-rows.fixture';
import type { Mailer, OutboxMail } from './mailer';
import { OutboxService } from './outbox.service';

const mail: OutboxMail = {
  to: 'alice@example.com',
  subject: 'Verify your email address',
  text: 'Verify email: http://ocx.test/api/auth/verify-email?token=t',
  html: '<p>Verify</p>',
  userId: 'user-alice',
  sentAt: '2024-03-01T10:00:00.000Z',
};

describe('OutboxService', () => {
  it("answers the user's own mails with their text, asking the mailer for that user only", () => {
    const mailer = mockOf<Mailer>();
    mailer.outbox.mockReturnValue([mail]);
    expect(new OutboxService(mailer).forUser(alice)).toEqual({
      transport: 'log',
      mails: [{ to: mail.to, subject: mail.subject, text: mail.text, sentAt: mail.sentAt }],
    });
    expect(mailer.outbox).toHaveBeenCalledWith(alice.id);
  });

  it('says mail goes over SMTP, with no mails, when the mailer keeps none', () => {
    const mailer = mockOf<Mailer>();
    mailer.outbox.mockReturnValue(null);
    expect(new OutboxService(mailer).forUser(alice)).toEqual({ transport: 'smtp', mails: [] });
  });
});
