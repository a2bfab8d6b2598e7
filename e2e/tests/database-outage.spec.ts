import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { pgAddress, startTcpProxy, type TcpProxy, viaProxy } from '../../apps/server/src/test/tcp-proxy';
import { PASSWORD, uniqueEmail } from './helpers';

// PostgreSQL stops while a customer website is tracked: collect answers 503, the tracker's offline
// queue keeps the events and delivers them once the database is back, and nothing acknowledged is
// lost. The built server runs on PostgreSQL behind a TCP proxy the test cuts, so the machine's
// shared cluster keeps serving everyone else. Like the integration suite's PostgreSQL runs, this
// needs TEST_DATABASE_URL (CI sets it).

const SERVER_MAIN = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function sql<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const queued = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('_ocx_q') ?? '[]').length as number);

for (const adminUrl of process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []) {
  test.describe('a PostgreSQL outage on a tracked website', () => {
    const database = `ocx_outage_${randomBytes(6).toString('hex')}`;
    const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
    let proxy: TcpProxy;
    let server: ChildProcess;
    let shop: Server;
    let dataDir: string;
    let ocx = '';

    test.beforeAll(async () => {
      await sql(adminUrl, `create database ${database}`);
      proxy = await startTcpProxy(pgAddress(adminUrl));
      dataDir = mkdtempSync(join(tmpdir(), 'ocx-outage-'));
      const port = await freePort();
      ocx = `http://localhost:${port}`;
      server = spawn(process.execPath, [SERVER_MAIN], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: viaProxy(databaseUrl, proxy),
          PUBLIC_URL: ocx,
          TRUST_PROXY: 'false',
          AUTH_RATE_LIMIT: '1000',
          COLLECT_RATE_LIMIT: '100000',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await expect
        .poll(async () => (await fetch(`${ocx}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
        .toBe(200);
    });

    test.afterAll(async () => {
      await proxy?.restore();
      server?.kill('SIGTERM');
      await new Promise((resolve) =>
        server?.exitCode !== null ? resolve(null) : server.once('exit', resolve),
      );
      await proxy?.close();
      await new Promise((resolve) => (shop ? shop.close(resolve) : resolve(null)));
      await sql(adminUrl, `drop database if exists ${database} with (force)`);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('collect answers 503, the tracker keeps the events and delivers them once PostgreSQL is back', async ({
      page,
      playwright,
    }) => {
      test.slow();
      const api = await playwright.request.newContext({ baseURL: ocx, extraHTTPHeaders: { origin: ocx } });
      const signedUp = await api.post('/api/auth/sign-up/email', {
        data: { email: uniqueEmail('outage'), password: PASSWORD, name: 'Shop owner', acceptTerms: true },
      });
      expect(signedUp.ok(), await signedUp.text()).toBe(true);
      const site = await (
        await api.post('/api/websites', {
          // The offline queue under test lives in localStorage: a website that does not wait for consent.
          data: { name: 'Shop', rootDomain: 'shop.test', privacy: { consentMode: 'none' } },
        })
      ).json();
      await api.post(`/api/websites/${site.id}/goals`, {
        data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
      });

      shop = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head><title>Outage shop</title>
<script>window.ocx=window.ocx||function(){(ocx.q=ocx.q||[]).push(arguments)};</script>
<script async src="${ocx}/t.js" data-site="${site.id}"></script></head>
<body><h1>Outage shop</h1><button id="pay" type="button" onclick="ocx('event','purchase',{value:20,currency:'EUR'})">Pay now</button></body></html>`);
      });
      await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
      const shopUrl = `http://outage.shop.test:${(shop.address() as AddressInfo).port}/`;

      // Every event of every 2xx answer the page gets must end up stored.
      const acknowledged: string[] = [];
      const collects =
        (status: number) => (r: { url(): string; status(): number; request(): { method(): string } }) =>
          new URL(r.url()).pathname === '/api/collect' &&
          r.request().method() === 'POST' &&
          r.status() === status;
      page.on('response', (r) => {
        if (!collects(202)(r)) return;
        const body = JSON.parse(r.request().postData() ?? '{}') as { events?: { eventId: string }[] };
        acknowledged.push(...(body.events ?? []).map((e) => e.eventId));
      });
      const stored = async (name?: string) =>
        (
          await sql<{ event_id: string }>(
            databaseUrl,
            `select event_id from event where website_id = $1 ${name ? 'and name = $2' : ''}`,
            name ? [site.id, name] : [site.id],
          )
        ).map((r) => r.event_id);

      const pageview = page.waitForResponse(collects(202));
      await page.goto(shopUrl);
      await pageview;

      await proxy.cut();
      await expect.poll(async () => (await api.get('/api/health')).status()).toBe(503);
      const refused = page.waitForResponse(collects(503));
      await page.getByRole('button', { name: 'Pay now' }).click();
      expect(await (await refused).json()).toEqual({
        error: 'The database is unavailable at the moment. Please try again shortly.',
      });
      expect(await queued(page)).toBeGreaterThanOrEqual(1);

      await proxy.restore();
      // The queue's next try (after its backoff) is accepted.
      await page.waitForResponse(collects(202), { timeout: 45_000 });
      await expect.poll(() => queued(page)).toBe(0);
      await expect.poll(async () => (await stored('purchase')).length).toBe(1);
      const ids = new Set(await stored());
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(2);
      await api.dispose();
    });
  });
}
