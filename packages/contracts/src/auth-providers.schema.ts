/** A way to sign in: 'credential' (email and password), 'google', 'oidc'. */
export interface SignInProvider {
  id: string;
  name: string;
}

/** GET /api/auth-providers (public): the OAuth/OIDC sign-in buttons the login page shows. */
export interface AuthProviders {
  providers: SignInProvider[];
}
