import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer, OutboxMail } from './mailer';

/** The dev outbox keeps this many mails (all users together); older ones fall off. */
export const OUTBOX_SIZE = 50;

/** Without SMTP: each mail is a log line (links included, for whoever runs the server) and joins the dev outbox. */
export class LogMailer implements Mailer {
  private readonly kept: OutboxMail[] = [];

  constructor(
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    this.kept.unshift({ ...mail, sentAt: new Date().toISOString() });
    this.kept.length = Math.min(this.kept.length, OUTBOX_SIZE);
    this.log.info(
      { component: 'mail', from: this.from, to: mail.to, subject: mail.subject, text: mail.text },
      'mail (no SMTP_URL: kept in the dev outbox)',
    );
  }

  transportName(): string {
    return 'log + dev outbox';
  }

  outbox(userId: string): OutboxMail[] {
    return this.kept.filter((mail) => mail.userId === userId);
  }

  close(): void {}
}
