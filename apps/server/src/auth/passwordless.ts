import type { GenericEndpointContext } from 'better-auth';
import { emailOTP, magicLink } from 'better-auth/plugins';
import { mailTemplates } from '../services/accounts/mail-templates';
import type { Mail } from '../services/accounts/mailer';

/** One-time codes and magic links work this long, once. */
export const PASSWORDLESS_LIFETIME_S = 10 * 60;

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
