import { createTransport, type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer';

/** Mail over SMTP_URL (nodemailer; smtps:// for implicit TLS, STARTTLS when the server offers it). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly address: string;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
    const url = new URL(smtpUrl);
    this.address = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  transportName(): string {
    return `smtp ${this.address}`;
  }

  outbox(): null {
    return null;
  }

  close(): void {
    this.transport.close();
  }
}
