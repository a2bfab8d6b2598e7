import type { GenericEndpointContext } from 'better-auth';
import { APIError } from 'better-auth/api';
import { emailOTP, magicLink } from 'better-auth/plugins';
import { mailTemplates } from '../services/accounts/mail-templates';
import type { Mail } from '../services/accounts/mailer';
import type { AuthHookContext } from './auth-hooks';

/** One-time codes and magic links work this long, once. */
const PASSWORDLESS_LIFETIME_S = 10 * 60;

/** The account behind an address, or null: codes and links go only to existing accounts. */
async function account(ctx: GenericEndpointContext | undefined, email: string) {
  const found = await ctx?.context.internalAdapter.findUserByEmail(email);
  return found ? { id: found.user.id, email: found.user.email } : null;
}

/**
 * Signing in with a code or a link sent by mail (spec `/otp`, `/verify`): better-auth's emailOTP
 * and magicLink plugins. Neither creates accounts (sign-up needs the terms); for an unknown address
 * the answer is the same and no mail goes out.
 */
export function passwordlessPlugins(sendMail: (mail: Mail) => void) {
  return [
    emailOTP({
      disableSignUp: true,
      expiresIn: PASSWORDLESS_LIFETIME_S,
      allowedAttempts: 3,
      storeOTP: 'hashed',
      sendVerificationOTP: async ({ email, otp, type }, ctx) => {
        const to = await account(ctx, email);
        // onlySignInCodes refuses other types before a code exists; this stays as a second lock.
        if (to && type === 'sign-in') sendMail(mailTemplates.signInCode(to, otp));
      },
    }),
    magicLink({
      disableSignUp: true,
      expiresIn: PASSWORDLESS_LIFETIME_S,
      storeToken: 'hashed',
      sendMagicLink: async ({ email, url }, ctx) => {
        const to = await account(ctx, email);
        if (to) sendMail(mailTemplates.signInLink(to, url));
      },
    }),
  ];
}

/**
 * The emailOTP plugin's flows OCX does not offer, unrouted (better-auth's disabledPaths: 404).
 * Password reset and email verification go by link (auth.ts), email change by confirmation link;
 * by code they sent no mail yet stored a code that these endpoints let anyone guess at.
 */
export const UNOFFERED_CODE_PATHS = [
  '/forget-password/email-otp',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/email-otp/verify-email',
  '/email-otp/check-verification-otp',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
];

/** hooks.before: a code is asked for only to sign in; another type is refused before one is stored. */
export function onlySignInCodes(ctx: AuthHookContext): void {
  if (ctx.path !== '/email-otp/send-verification-otp') return;
  if ((ctx.body as { type?: unknown } | undefined)?.type !== 'sign-in') {
    throw new APIError('BAD_REQUEST', { message: 'Codes are sent only to sign in.' });
  }
}
