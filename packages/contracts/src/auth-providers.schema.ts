import { z } from 'zod';

/** A way to sign in: 'credential' (email and password), 'google', 'oidc'. */
export const SignInProvider = z.object({ id: z.string(), name: z.string() });
export type SignInProvider = z.infer<typeof SignInProvider>;

/**
 * GET /api/auth-providers (public): the OAuth/OIDC sign-in buttons the login page shows, and the
 * Terms of Service and Privacy Policy the sign-up form links (an app path or the operator's URL).
 */
export const AuthProviders = z.object({
  providers: z.array(SignInProvider),
  termsUrl: z.string(),
  privacyUrl: z.string(),
});
export type AuthProviders = z.infer<typeof AuthProviders>;
