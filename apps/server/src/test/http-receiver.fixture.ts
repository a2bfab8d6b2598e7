import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server that records every request it gets (postback receivers, redirectors). */
export interface Receiver {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Request paths in arrival order. */
  hits: string[];
  /** Resolves with the path of the `n`th request (1-based), at once if it came already. */
  hit(n: number): Promise<string>;
  close(): Promise<void>;
}

export async function startReceiver(
  handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(200).end(),
): Promise<Receiver> {
  const hits: string[] = [];
  const waiting: { n: number; resolve(path: string): void }[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    for (const w of waiting.filter((x) => x.n === hits.length)) w.resolve(req.url ?? '');
    // Every call opens its own connection, so every call passes the connector's checks.
    res.setHeader('connection', 'close');
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    hits,
    hit: (n) =>
      new Promise((resolve) => {
        const came = hits[n - 1];
        if (came !== undefined) resolve(came);
        else waiting.push({ n, resolve });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
