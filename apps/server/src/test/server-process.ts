import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The server from source (tsx) as its own process on SQLite in `dataDir`; resolves once healthy. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: base,
      TRUST_PROXY: 'false',
      AUTH_RATE_LIMIT: '100000',
      COLLECT_RATE_LIMIT: '10000000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited before it was ready: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy: ${stderr}`);
}

/** Stops a server process (if it still runs) and waits for it to be gone. */
export async function stopServerProcess(
  server: ServerProcess | null,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** JSON POST as a browser on the server's own origin would send it. */
export async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', 'user-agent': CHROME_UA, ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Signs up and returns the session cookie. */
export async function signUpCookie(base: string, email: string): Promise<string> {
  const res = await post(base, '/api/auth/sign-up/email', {
    email,
    password: 'correct horse battery',
    name: email,
    acceptTerms: true,
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** post() and the answer's JSON, typed by the caller. */
export async function postJson<T>(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return (await (await post(base, path, body, headers)).json()) as T;
}
