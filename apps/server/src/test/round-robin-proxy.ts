import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy on 127.0.0.1 that hands each request to the next backend in turn (round robin per
 * request, not per connection), as a load balancer in front of several app servers does.
 */
interface RoundRobinProxy {
  base: string;
  port: number;
  /** Where requests go; add the app servers once they run (they need the proxy's address first). */
  backends: { host: string; port: number }[];
  /** Requests each backend answered, in the order of `backends`. */
  served: number[];
  close(): Promise<void>;
}

/** Headers without the hop-by-hop ones: each side's connection is the proxy's own business. */
function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...rest } = headers;
  return rest;
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const backends: { host: string; port: number }[] = [];
  const served: number[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const index = next % Math.max(1, backends.length);
    next = index + 1;
    const backend = backends[index];
    if (!backend) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('proxy: no backend yet');
      return;
    }
    const upstream = request(
      {
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: endToEnd(req.headers),
      },
      (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}`);
    });
    req.pipe(upstream);
  });
  // The client's idle connections outlive the test's pauses: one the proxy closed as the client
  // reused it would fail a request.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    backends,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
