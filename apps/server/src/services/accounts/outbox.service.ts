import type { DevOutbox } from '@ocx/contracts';
import type { CurrentUser } from '../platform/access';
import type { Mailer } from './mailer';

/**
 * The dev outbox as its reader sees it: without SMTP the mails OCX would have sent about the
 * signed-in account (the verification link among them), never anyone else's.
 */
export class OutboxService {
  constructor(private readonly mailer: Pick<Mailer, 'outbox'>) {}

  forUser(user: CurrentUser): DevOutbox {
    const kept = this.mailer.outbox(user.id);
    if (kept === null) return { transport: 'smtp', mails: [] };
    return {
      transport: 'log',
      mails: kept.map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt })),
    };
  }
}
