import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives; tests wait for the
 * next mail to an address and read its link or code.
 */
export class SmtpInbox {
  private readonly mails: ReceivedMail[] = [];
  private readonly waiters: { to: string; after: number; resolve(mail: ReceivedMail): void }[] = [];
  private readonly server: SMTPServer;
  private port = 0;

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.receive(parsed);
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  }

  static async start(): Promise<SmtpInbox> {
    const inbox = new SmtpInbox();
    await new Promise<void>((resolve) => inbox.server.listen(0, '127.0.0.1', resolve));
    inbox.port = (inbox.server.server.address() as AddressInfo).port;
    return inbox;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** How many mails have arrived so far; pass it to next() to wait for a later one. */
  get count(): number {
    return this.mails.length;
  }

  /** The first mail to `to` that arrived after the first `after` mails (waits for it). */
  next(to: string, after = 0): Promise<ReceivedMail> {
    const found = this.mails.slice(after).find((m) => m.to.includes(to.toLowerCase()));
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ to: to.toLowerCase(), after, resolve }));
  }

  /** Every mail to `to` so far. */
  to(to: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(parsed: ParsedMail): void {
    const addresses = [parsed.to ?? []]
      .flat()
      .flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
    const mail: ReceivedMail = {
      to: addresses,
      from: parsed.from?.text ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    };
    this.mails.push(mail);
    const index = this.mails.length - 1;
    for (const waiter of [...this.waiters]) {
      if (index >= waiter.after && mail.to.includes(waiter.to)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    }
  }
}

/** The first http(s) link in a mail's text. */
export function linkIn(mail: ReceivedMail): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail '${mail.subject}': ${mail.text}`);
  return new URL(match[0]);
}
