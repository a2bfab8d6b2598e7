import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  postJson,
  type ServerProcess,
  signUpCookie,
  startServerProcess,
  stopServerProcess,
} from './test/server-process';

// Postbacks come from a durable outbox: a receiver that fails the first two attempts, with the
// server killed and restarted between attempts, still ends with exactly one successful delivery per
// conversion.

const dataDir = mkdtempSync(join(tmpdir(), 'ocx-postback-'));
const env = { AUTH_SECRET: 'p'.repeat(64), POSTBACK_RETRY_BASE_MS: '1500', POSTBACK_ALLOW_PRIVATE: 'true' };
let server: ServerProcess | null = null;
let receiver: Server | null = null;

afterAll(async () => {
  await stopServerProcess(server);
  receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A receiver that answers 500 to the first two calls for a conversion and 200 after. */
async function flakyReceiver(hits: { conversionId: string; status: number }[]): Promise<string> {
  receiver = createServer((req, res) => {
    const conversionId = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
    const status = hits.filter((h) => h.conversionId === conversionId).length < 2 ? 500 : 200;
    hits.push({ conversionId, status });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}

describe('postback outbox across a restart (real process, SQLite)', () => {
  it('retries after failures and a restart, and succeeds exactly once per conversion', async () => {
    const hits: { conversionId: string; status: number }[] = [];
    const receiverUrl = await flakyReceiver(hits);

    server = await startServerProcess(dataDir, env);
    const { base } = server;
    const cookie = await signUpCookie(base, 'postback@example.com');
    const as = { cookie };
    const site = await postJson<{ id: string }>(
      base,
      '/api/websites',
      {
        name: 'Shop',
        rootDomain: 'shop.test',
        postbackUrl: `${receiverUrl}/pb?id={conversion_id}&v={value}`,
      },
      as,
    );
    const campaign = await postJson<{ ocxid: string }>(
      base,
      `/api/websites/${site.id}/campaigns`,
      { name: 'Spring', network: 'Google Ads', source: 'Search', landingPage: 'https://shop.test/' },
      as,
    );
    const { key } = await postJson<{ key: string }>(
      base,
      `/api/websites/${site.id}/api-keys`,
      { name: 'backend' },
      as,
    );
    const conversions = await Promise.all(
      [1, 2, 3].map((n) =>
        postJson<{ id: string }>(
          base,
          '/api/v1/conversions',
          { goal: 'Purchase', value: n, ocxid: campaign.ocxid, dedupeKey: `order-${n}` },
          { authorization: `Bearer ${key}` },
        ),
      ),
    );

    // The first attempt of each fails and is recorded; the server is killed before the retries are due.
    const deliveries = async () =>
      (await (await fetch(`${base}/api/websites/${site.id}/postbacks`, { headers: as })).json()) as {
        status: string;
        attempts: number;
      }[];
    let recorded = false;
    while (!recorded) {
      const log = await deliveries();
      recorded = log.length === 3 && log.every((d) => d.attempts === 1);
      if (!recorded) await new Promise((r) => setTimeout(r, 50));
    }
    await stopServerProcess(server, 'SIGKILL');
    expect(hits).toHaveLength(3);

    server = await startServerProcess(dataDir, env);
    const delivered = () =>
      conversions.every((c) => hits.some((h) => h.conversionId === c.id && h.status === 200));
    await waitFor(delivered, 30_000);
    await new Promise((r) => setTimeout(r, 4000)); // nothing more may arrive after a success
    for (const c of conversions) {
      expect(hits.filter((h) => h.conversionId === c.id).map((h) => h.status)).toEqual([500, 500, 200]);
    }
    const log = (await (
      await fetch(`${server.base}/api/websites/${site.id}/postbacks`, { headers: as })
    ).json()) as {
      status: string;
      attempts: number;
    }[];
    expect(log.map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 3],
      ['delivered', 3],
      ['delivered', 3],
    ]);
  }, 90_000);
});
