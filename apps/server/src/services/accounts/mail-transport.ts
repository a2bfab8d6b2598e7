import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config';
import { LogMailer } from './log-mailer';
import type { Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise mail is logged and kept in the dev outbox. */
export function createMailer(mail: AppConfig['mail'], log: FastifyBaseLogger): Mailer {
  return mail.smtpUrl ? new SmtpMailer(mail.smtpUrl, mail.from) : new LogMailer(mail.from, log);
}
