import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Mailer } from '../services/accounts/mailer';
import { startWorker, WorkerChannel } from '../worker-thread';
import {
  type AuthLog,
  type AuthMail,
  type AuthRequest,
  type AuthWorkerData,
  type CheckedCredentials,
  CLIENT_IP_HEADER,
  type HandledResponse,
  type SessionUser,
} from './auth-messages';

/** The HTTP thread's side of the auth thread (auth.worker.ts). */
export class AuthBridge {
  private readonly channel: WorkerChannel<
    AuthRequest,
    HandledResponse | SessionUser | CheckedCredentials | boolean
  >;

  constructor(data: AuthWorkerData, logger: FastifyBaseLogger, mailer: Mailer) {
    const worker = startWorker('auth.worker', new URL('./auth.worker.ts', import.meta.url), data);
    this.channel = new WorkerChannel(worker, 'auth', (message) => {
      const { log, mail } = message as Partial<AuthLog & AuthMail>;
      if (log) logger[log.level]({ component: 'auth', args: log.args }, log.message);
      if (mail) {
        mailer
          .send(mail)
          .catch((err: unknown) => logger.error({ err, component: 'mail', to: mail.to }, 'mail not sent'));
      }
    });
  }

  /** Passes a /api/auth/* request to better-auth, with the client address it rate-limits by. */
  async handle(request: FastifyRequest): Promise<HandledResponse> {
    const headers = headerList(request);
    headers.push([CLIENT_IP_HEADER, request.ip]);
    const hasBody = request.method !== 'GET' && request.body !== undefined;
    return (await this.channel.request({
      kind: 'handle',
      method: request.method,
      url: new URL(request.url, 'http://internal').href,
      headers,
      body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : null,
    })) as HandledResponse;
  }

  /** The jwt plugin's JSON Web Key Set (public keys only). */
  async jwks(): Promise<HandledResponse> {
    return (await this.channel.request({
      kind: 'handle',
      method: 'GET',
      url: 'http://internal/api/auth/jwks',
      headers: [],
      body: null,
    })) as HandledResponse;
  }

  /** The signed-in user of a request, or null. */
  async session(request: FastifyRequest): Promise<SessionUser> {
    return (await this.channel.request({ kind: 'session', headers: headerList(request) })) as SessionUser;
  }

  /** Whose account an email and password open, without signing in: no session is created or changed. */
  async checkCredentials(email: string, password: string): Promise<CheckedCredentials> {
    return (await this.channel.request({ kind: 'checkCredentials', email, password })) as CheckedCredentials;
  }

  /** Whether `password` is the signed-in user's current password (confirms deleting the account). */
  async verifyPassword(request: FastifyRequest, password: string): Promise<boolean> {
    return (
      (await this.channel.request({ kind: 'verifyPassword', headers: headerList(request), password })) ===
      true
    );
  }

  close(): Promise<void> {
    return this.channel.close();
  }
}

function headerList(request: FastifyRequest): [string, string][] {
  const list: [string, string][] = [];
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === CLIENT_IP_HEADER || value === undefined) continue;
    list.push([key, Array.isArray(value) ? value.join(', ') : value]);
  }
  return list;
}
