import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LogMailer, OUTBOX_SIZE } from './log-mailer';
import { mailTemplates } from './mail-templates';

function recordingLog() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  const log = { info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

describe('mail without SMTP', () => {
  it('logs each mail with its link and keeps it in the dev outbox of the user it is about only', async () => {
    const { lines, log } = recordingLog();
    const mailer = new LogMailer('OCX <no-reply@ocx.test>', log);
    await mailer.send(
      mailTemplates.verifyEmail({ id: 'u1', email: 'ann@example.com' }, 'http://localhost:3000/v?t=1'),
    );
    await mailer.send(
      mailTemplates.resetPassword({ id: 'u2', email: 'bob@example.com' }, 'http://localhost:3000/r?t=2'),
    );
    expect(mailer.transportName()).toBe('log + dev outbox');
    expect(lines[0]?.fields).toMatchObject({
      component: 'mail',
      to: 'ann@example.com',
      subject: 'Verify your email address',
    });
    expect(lines[0]?.fields.text).toContain('http://localhost:3000/v?t=1');
    expect(mailer.outbox('u1').map((m) => m.subject)).toEqual(['Verify your email address']);
    expect(mailer.outbox('u2').map((m) => m.to)).toEqual(['bob@example.com']);
    expect(mailer.outbox('u3')).toEqual([]);
  });

  it(`keeps the newest ${OUTBOX_SIZE} mails, newest first`, async () => {
    const mailer = new LogMailer('OCX <no-reply@ocx.test>', recordingLog().log);
    for (let i = 0; i < OUTBOX_SIZE + 5; i++) {
      await mailer.send(
        mailTemplates.verifyEmail({ id: 'u1', email: 'ann@example.com' }, `http://localhost:3000/v?t=${i}`),
      );
    }
    const kept = mailer.outbox('u1');
    expect(kept).toHaveLength(OUTBOX_SIZE);
    expect(kept[0]?.text).toContain(`t=${OUTBOX_SIZE + 4}`);
    expect(kept.at(-1)?.text).toContain('t=5\n');
  });

  it('escapes what it puts into the HTML part', () => {
    const mail = mailTemplates.confirmEmailChange(
      { id: 'u1', email: 'a@example.com' },
      '<b>@example.com',
      'http://x.test/?a=1&b=2',
    );
    expect(mail.html).not.toContain('<b>@');
    expect(mail.html).toContain('a=1&#38;b=2');
  });
});
