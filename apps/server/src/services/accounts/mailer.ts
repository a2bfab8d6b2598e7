/** One mail, already rendered (mail-templates.ts). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the mail is about: the dev outbox shows each user only their own mails. */
  userId: string;
}

export interface OutboxMail extends Mail {
  sentAt: string;
}

/** Where OCX's mail goes: an SMTP server, or the log and the in-memory dev outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** `smtp <host>:<port>` or `log + dev outbox` (never credentials). */
  transportName(): string;
  /** The user's mails in the dev outbox, newest first; null when mail goes over SMTP. */
  outbox(userId: string): OutboxMail[] | null;
  close(): void;
}
