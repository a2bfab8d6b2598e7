import { expect } from '@playwright/test';
import { MAIL_API_URL } from '../playwright.config';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the first mail to `to` whose subject matches, as the test SMTP server received it. */
export async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await fetch(`${MAIL_API_URL}/mails?to=${encodeURIComponent(to)}`)
      ).json()) as ReceivedMail[];
      found = mails.find((m) => subject.test(m.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as ReceivedMail;
}

/** The link in a mail. */
export function linkIn(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in '${mail.subject}'`);
  return match[0];
}
