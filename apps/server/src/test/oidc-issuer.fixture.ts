import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Whom the provider signs in, and what it says about their address. */
interface IssuerUser {
  sub: string;
  email: string;
  emailVerified: boolean;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 with one confidential
 * client. Its login and consent step is a tiny handler that signs in whoever `signInAs` named and
 * grants openid, email and profile, so a test drives the whole flow with plain HTTP.
 */
export class OidcIssuer {
  readonly clientId = 'ocx';
  readonly clientSecret = randomBytes(24).toString('hex');
  /** Every authorization request the provider received, as the browser would have sent it. */
  readonly authorizeRequests: URL[] = [];
  /** The access tokens it handed out (opaque: the value is the token's id). */
  readonly accessTokens: string[] = [];
  private readonly users = new Map<string, IssuerUser>();
  private next: IssuerUser | null = null;

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async start(redirectUri: string): Promise<OidcIssuer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const fixture = new OidcIssuer(server, issuer);
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: fixture.clientId,
          client_secret: fixture.clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      findAccount: (_ctx, sub) => {
        const user = fixture.users.get(sub);
        return user
          ? {
              accountId: sub,
              claims: () => ({
                sub,
                email: user.email,
                email_verified: user.emailVerified,
                name: user.email,
              }),
            }
          : undefined;
      },
    });
    provider.on('access_token.saved', (token) => fixture.accessTokens.push(token.jti));
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname === '/auth') fixture.authorizeRequests.push(url);
      if (url.pathname.startsWith('/interaction/')) {
        fixture.finishInteraction(provider, req, res).catch((err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        });
        return;
      }
      provider.callback()(req, res);
    });
    return fixture;
  }

  /** The next sign-in at the provider is this user's. */
  signInAs(user: IssuerUser): void {
    this.users.set(user.sub, user);
    this.next = user;
  }

  private async finishInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const user = this.next;
    if (!user) throw new Error('signInAs() names nobody');
    const grant = new provider.Grant({ accountId: user.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
