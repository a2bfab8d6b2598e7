import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, SQLITE_CACHE_MB } from '../db/database';
import { ApiTokenService } from '../services/accounts/api-token.service';
import { ApiTokenRepository } from '../storage/accounts/api-token.repository';
import { serveRequests } from '../worker-thread';
import { createAuth } from './auth';
import type {
  AuthMail,
  AuthRequest,
  AuthWorkerData,
  CheckedCredentials,
  HandledResponse,
  SessionUser,
} from './auth-messages';
import { checkCredentials } from './check-credentials';
import { meetsAssurance } from './second-factor';

/**
 * better-auth runs on this thread. It keeps request context in AsyncLocalStorage, which on Node 20
 * turns on promise hooks for the whole thread and slows every await several times; here that cost
 * stays away from the HTTP thread and the ingestion path.
 */
const data = workerData as AuthWorkerData;
const database = openDatabase(data.database, { sqliteCacheMb: SQLITE_CACHE_MB.auth });
const port = parentPort;
if (!port) throw new Error('auth.worker must run in a worker thread');
// Tokens are revoked here, where better-auth revokes the sessions (password reset, factor changes).
const apiTokens = new ApiTokenService(new ApiTokenRepository(database.db));

const auth = createAuth({
  db: database.db,
  dialect: database.dialect,
  baseURL: data.baseURL,
  secret: data.secret,
  rateLimit: data.rateLimit,
  oauth: data.oauth,
  // The HTTP thread's mailer sends it (and keeps the dev outbox Auth Debug reads).
  sendMail: (mail) => port.postMessage({ mail } satisfies AuthMail),
  revokeApiTokens: (userId, reason) => apiTokens.revokeAll(userId, reason),
  log: (level, message, args) => port.postMessage({ log: { level, message, args: safe(args) } }),
});

serveRequests<AuthRequest, HandledResponse | SessionUser | CheckedCredentials | boolean>(
  port,
  async (request) => {
    if (request.kind === 'verifyPassword') {
      const checked = await auth.api
        .verifyPassword({ body: { password: request.password }, headers: new Headers(request.headers) })
        .catch(() => null);
      return checked?.status === true;
    }
    if (request.kind === 'session') {
      const session = await auth.api.getSession({ headers: new Headers(request.headers) });
      if (!session) return null;
      return {
        id: session.user.id,
        email: session.user.email,
        sessionId: session.session.id,
        aal: session.session.aal === 'aal2' ? 'aal2' : 'aal1',
        secondFactorMissing: !meetsAssurance(session.session, session.user),
      };
    }
    if (request.kind === 'checkCredentials') return checkCredentials(await auth.$context, request);
    const response = await auth.handler(
      new Request(request.url, {
        method: request.method,
        headers: new Headers(request.headers),
        ...(request.body === null ? {} : { body: request.body }),
      }),
    );
    return {
      status: response.status,
      headers: [...response.headers].filter(([key]) => key !== 'set-cookie'),
      cookies: response.headers.getSetCookie(),
      body: response.body ? await response.text() : null,
    };
  },
);

/** Log arguments must survive structured cloning. */
function safe(args: unknown[]): unknown[] {
  return args.map((a) =>
    a instanceof Error ? a.message : typeof a === 'object' ? JSON.parse(JSON.stringify(a ?? null)) : a,
  );
}
