import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import { messages } from '@ocx/contracts';
import { blockedPostbackHost, blockedRange, canonicalAddress, describeBlocked } from '@ocx/core';
import { Agent, buildConnector, type Dispatcher, interceptors, request } from 'undici';

/** How postbacks reach the network; tests swap the resolver and name their receivers. */
export interface PostbackNetwork {
  /** Every address of a name (default: the system resolver). */
  resolve(hostname: string): Promise<string[]>;
  /** Receivers that may be called although their address is not public (the tests' 127.0.0.1 ports). */
  exempt(address: string, port: number): boolean;
}

interface PostbackHttpOptions {
  /** POSTBACK_ALLOW_PRIVATE: the operator lets postbacks reach loopback and private networks. */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Bytes of an answer read at most; the rest is never downloaded. */
  maxResponseBytes?: number;
  /** Redirects followed; each hop's address is checked like the first. */
  maxRedirects?: number;
  network?: Partial<PostbackNetwork>;
  userAgent?: string;
}

/** A page as `fetchPage` read it: status, headers and at most `maxResponseBytes` of its body. */
export interface FetchedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The URL's host is (or resolves to) an address postbacks must not reach; nothing was sent. */
export class RefusedAddressError extends Error {
  constructor(
    message: string,
    /** What was refused, e.g. "shop.test resolves to 10.0.0.7 (private)". */
    readonly target: string,
  ) {
    super(message);
  }
}

export type PostbackSender = (url: string, signal: AbortSignal) => Promise<number>;

const systemNetwork: PostbackNetwork = {
  resolve: async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address),
  exempt: () => false,
};

/** Every address of this machine's interfaces: a public one is as much "inside" as 127.0.0.1. */
function ownAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}

/**
 * A GET client for postbacks that connects only to addresses it has checked: the connector resolves
 * the name itself, refuses when any resolved address is not public (loopback, private, link-local,
 * reserved, NAT64, 6to4, this server's own, …) and hands the checked address to the socket, so a
 * second lookup (DNS rebinding) cannot change the target. Redirects go through the same connector,
 * hop by hop; answers are read up to `maxResponseBytes`.
 */
export function createPostbackHttp(options: PostbackHttpOptions): {
  send: PostbackSender;
  /** The same guarded GET, keeping the answer (the first-run check reads a site's page). */
  fetchPage(url: string, signal: AbortSignal): Promise<FetchedResponse>;
  close(): Promise<void>;
} {
  const network: PostbackNetwork = { ...systemNetwork, ...options.network };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxResponseBytes ?? 64 * 1024;
  const connect = buildConnector({ timeout: timeoutMs });

  const checkedAddress = async (hostname: string, port: number): Promise<string> => {
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = canonicalAddress(host);
    const addresses = literal ? [literal] : await network.resolve(host);
    const first = addresses[0];
    if (first === undefined) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
    if (options.allowPrivate) return first;
    const own = ownAddresses();
    for (const address of addresses) {
      if (network.exempt(address, port)) continue;
      const range = blockedRange(address, own);
      if (range === null) continue;
      const what = literal ? describeBlocked(address, range) : `${host} resolves to ${address} (${range})`;
      throw new RefusedAddressError(`Refused: ${what}; postbacks only go to public addresses`, what);
    }
    return first;
  };

  const guardedConnect: buildConnector.connector = (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    checkedAddress(opts.hostname, port).then(
      // `host` stays the name, so TLS still verifies the certificate for it (SNI included).
      (address) => connect({ ...opts, hostname: address }, callback),
      (error: Error) => callback(error, null),
    );
  };

  const agent = new Agent({
    connect: guardedConnect,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    maxHeaderSize: 16 * 1024,
  });
  const dispatcher: Dispatcher = agent.compose(
    interceptors.redirect({ maxRedirections: options.maxRedirects ?? 3 }),
  );

  const get = (url: string, signal: AbortSignal) =>
    request(url, {
      method: 'GET',
      dispatcher,
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      headers: { 'user-agent': options.userAgent ?? 'OCX-Postback/1.0', accept: 'text/html,*/*;q=0.5' },
    });

  return {
    async send(url, signal) {
      const response = await get(url, signal);
      // The status is the answer; a body larger than the cap is cut off (the connection is closed).
      await response.body.dump({ limit: maxBytes }).catch(() => undefined);
      return response.statusCode;
    },
    async fetchPage(url, signal) {
      const response = await get(url, signal);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        // Enough of the page for its <head>; the rest is never downloaded.
        if (size >= maxBytes) break;
      }
      response.body.destroy();
      return {
        status: response.statusCode,
        headers: response.headers,
        text: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'),
      };
    },
    close: () => agent.close(),
  };
}

/**
 * What the delivery log says about a failed call: the refusal as it is, else one of a few plain
 * reasons — never the socket error itself, so the log cannot be used to map which ports answer.
 */
export function deliveryError(error: unknown): string {
  if (error instanceof RefusedAddressError) return error.message;
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map(
    (e) => (e as { code?: unknown } | null)?.code,
  );
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN' || c === 'ENODATA')) return 'Host not found';
  return 'No HTTP answer (the connection failed, timed out or was closed)';
}

/**
 * Why a postback URL is refused when it is saved: its host is an address that is not public, in
 * any spelling the URL parser accepts (`2130706433`, `127.1`, `0x7f000001`, `[::ffff:7f00:1]`), or
 * a localhost name. Other names are checked at every call, as they may resolve differently then.
 */
export function blockedPostbackUrl(url: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(url.trim()).hostname;
  } catch {
    return messages.config.postbackUrl;
  }
  const blocked = blockedPostbackHost(hostname);
  return blocked ? messages.config.postbackBlocked(describeBlocked(blocked.host, blocked.range)) : null;
}
