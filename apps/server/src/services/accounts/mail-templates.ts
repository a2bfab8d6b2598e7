import { type ApiTokenRevocationReason, TOKEN_REVOCATION_REASONS } from '@ocx/contracts';
import type { Mail } from './mailer';

/** Who gets a mail and which account it is about. */
export interface Recipient {
  email: string;
  id: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * OCX's mails: a heading, one or two sentences, one link or code, and why they got it. Plain text
 * first; the HTML part says the same with the brand's accent and nothing to load.
 */
function branded(
  to: Recipient,
  subject: string,
  lines: string[],
  action: { label: string; url: string } | { code: string },
  why: string,
): Mail {
  const actionText = 'url' in action ? `${action.label}: ${action.url}` : action.code;
  const text = ['OCX', '', ...lines, '', actionText, '', why, ''].join('\n');
  const actionHtml =
    'url' in action
      ? `<p><a href="${escapeHtml(action.url)}" style="background:#1efaad;color:#0b1f17;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#667">${escapeHtml(action.url)}</p>`
      : `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(action.code)}</p>`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto;color:#1a1b1e"><p style="font-weight:700;font-size:18px;color:#0b8f63">OCX</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${actionHtml}<p style="font-size:12px;color:#667">${escapeHtml(why)}</p></div>`;
  return { to: to.email, userId: to.id, subject, text, html };
}

export const mailTemplates = {
  invitation: (to: Recipient, organization: string, role: string, url: string, days: number) =>
    branded(
      to,
      `You are invited to ${organization} on OCX`,
      [
        `You are invited to join ${organization} on OCX as ${role === 'admin' ? 'an admin' : 'a viewer'}.`,
        `Open the link, sign up or sign in with this address, verify it if OCX asks you to, and accept. The link works for ${days} days.`,
      ],
      { label: 'Accept the invitation', url },
      'You get this mail because an owner or admin of that organization invited your address. If you do not know them, ignore it.',
    ),
  verifyEmail: (to: Recipient, url: string) =>
    branded(
      to,
      'Verify your email address',
      ['Confirm that this is your email address for your OCX account.', 'The link works for one hour.'],
      { label: 'Verify email', url },
      'You get this mail because this address was used to create or change an OCX account. If that was not you, ignore it.',
    ),
  resetPassword: (to: Recipient, url: string) =>
    branded(
      to,
      'Reset your password',
      [
        'Someone asked to reset the password of your OCX account.',
        'The link works for one hour, once. Resetting signs out every session.',
      ],
      { label: 'Set a new password', url },
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ),
  confirmEmailChange: (to: Recipient, newEmail: string, url: string) =>
    branded(
      to,
      'Confirm your new email address',
      [
        `Your OCX account's email is about to change to ${newEmail}.`,
        'Confirm it here; then we send a last link to the new address.',
      ],
      { label: 'Confirm the change', url },
      'If you did not ask for this, ignore this mail and your email stays as it is.',
    ),
  signInCode: (to: Recipient, code: string) =>
    branded(
      to,
      `Your OCX sign-in code: ${code}`,
      ['Enter this code on the sign-in page.', 'It works for ten minutes, once.'],
      { code },
      'If you did not try to sign in, ignore this mail.',
    ),
  signInLink: (to: Recipient, url: string) =>
    branded(
      to,
      'Your OCX sign-in link',
      ['Open this link to sign in to OCX.', 'It works for ten minutes, once.'],
      { label: 'Sign in', url },
      'If you did not try to sign in, ignore this mail.',
    ),
  tokensRevoked: (to: Recipient, reason: ApiTokenRevocationReason, count: number, profileUrl: string) =>
    branded(
      to,
      'Your OCX API tokens were revoked',
      [
        `${count === 1 ? 'Your personal access token was' : `Your ${count} personal access tokens were`} revoked because ${TOKEN_REVOCATION_REASONS[reason]}.`,
        'Scripts that used them are refused from now on. Create new tokens on your profile if you still need them.',
      ],
      { label: 'Open your profile', url: profileUrl },
      'If you did not do this, reset your password and sign out the sessions you do not know on your profile.',
    ),
};
