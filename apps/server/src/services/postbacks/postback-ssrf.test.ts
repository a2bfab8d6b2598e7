import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../test/http-receiver.fixture';
import { as, createTestApp, dialects, type TestApp } from '../../test/test-app';
import { type TrackedSite, trackedSite } from '../../test/tracked-site.fixture';

// Postbacks with POSTBACK_ALLOW_PRIVATE off. Every server here listens on 127.0.0.1; the "public"
// ones (a receiver, a redirector) are named to the guard as exempt, everything else on 127.0.0.1 is
// the inside of the network: `target` records every request that reaches it, and none may.
describe.each(dialects)('postback SSRF guard on %s', (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  let apiKey: string;
  let target: Receiver;
  let publicReceiver: Receiver;
  let redirector: Receiver;
  let endless: Receiver;
  let endlessClosed: Promise<number>;
  let rebindCalls = 0;

  /** The test's DNS: names to addresses. */
  const names: Record<string, string[]> = {
    'private.test': ['10.0.0.7'],
    'loop.test': ['127.0.0.1'],
    'mixed.test': ['127.0.0.1', '10.0.0.8'],
    localhost: ['127.0.0.1', '::1'],
  };
  const exemptPorts = new Set<number>();
  const blockedByName: [string, string, string][] = [
    ['10.0.0.7', 'ten.test', 'private'],
    ['172.16.5.4', 'seventeen.test', 'private'],
    ['192.168.1.1', 'home.test', 'private'],
    ['169.254.169.254', 'metadata.test', 'link-local'],
    ['100.64.0.1', 'cgnat.test', 'carrier-grade NAT'],
    ['0.0.0.0', 'zero.test', 'unspecified'],
    ['192.0.0.8', 'ietf.test', 'reserved'],
    ['198.18.0.1', 'bench.test', 'reserved'],
    ['224.0.0.1', 'multicast.test', 'multicast'],
    ['255.255.255.255', 'broadcast.test', 'broadcast'],
    ['::1', 'loop6.test', 'loopback'],
    ['fd00::1', 'ula.test', 'private (unique local)'],
    ['fe80::1', 'linklocal6.test', 'link-local'],
    ['::ffff:127.0.0.1', 'mapped.test', 'loopback'],
    ['::ffff:10.0.0.1', 'mapped10.test', 'private'],
    ['64:ff9b::7f00:1', 'nat64.test', 'NAT64'],
    ['2002:7f00:1::1', 'sixtofour.test', '6to4'],
    ['2001:0:4136:e378::1', 'teredo.test', 'Teredo'],
    ['::7f00:1', 'compat.test', 'IPv4-compatible'],
  ];
  for (const [address, name] of blockedByName) names[name] = [address];

  beforeAll(async () => {
    target = await startReceiver();
    publicReceiver = await startReceiver();
    redirector = await startReceiver((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to }).end();
    });
    let resolveClosed: (bytes: number) => void = () => {};
    endlessClosed = new Promise((resolve) => {
      resolveClosed = resolve;
    });
    endless = await startReceiver((_req, res) => {
      // An answer that never ends: the client must stop reading, not download it all.
      let sent = 0;
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (!res.destroyed && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      res.on('close', () => resolveClosed(sent));
      res.writeHead(200, { 'content-type': 'text/plain' });
      pump();
    });
    for (const r of [publicReceiver, redirector, endless]) exemptPorts.add(r.port);
    t = await createTestApp(
      dialect,
      // No retry comes while a test looks at its delivery.
      { postbackAllowPrivate: false, postbackRetryBaseMs: 600_000 },
      {
        postbackNetwork: {
          resolve: async (name) => {
            if (name === 'public.test') return ['127.0.0.1'];
            // A rebinding name: public for the first call, inside the network for the next.
            if (name === 'rebind.test') return ++rebindCalls === 1 ? ['127.0.0.1'] : ['10.0.0.9'];
            const found = names[name];
            if (!found) throw Object.assign(new Error(`no such name ${name}`), { code: 'ENOTFOUND' });
            return found;
          },
          exempt: (address, port) => address === '127.0.0.1' && exemptPorts.has(port),
        },
      },
    );
    site = await trackedSite(t.app);
    apiKey = (
      await t.app.inject({
        method: 'POST',
        url: `/api/websites/${site.siteId}/api-keys`,
        headers: as(site.owner),
        payload: { name: 'k' },
      })
    ).json().key;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([target, publicReceiver, redirector, endless].map((r) => r.close()));
  });

  const savePostbackUrl = (postbackUrl: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/websites/${site.siteId}`,
      headers: as(site.owner),
      payload: { postbackUrl },
    });

  /** Saves `url` as the postback URL, records a conversion and returns its delivery once tried. */
  async function deliver(url: string) {
    expect((await savePostbackUrl(url)).statusCode, url).toBe(200);
    const conversion = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/conversions',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: { goal: 'Lead', ocxid: site.campaign.ocxid },
      })
    ).json();
    await t.app.services.background.settle();
    await t.app.services.postbacks.settle();
    const log = (
      await t.app.inject({
        method: 'GET',
        url: `/api/websites/${site.siteId}/postbacks`,
        headers: as(site.owner),
      })
    ).json() as { conversionId: string; status: string; lastError: string | null; attempts: number }[];
    const delivery = log.find((d) => d.conversionId === conversion.id);
    if (!delivery) throw new Error(`no delivery for ${url}`);
    return delivery;
  }

  const via = (to: string) => `http://public.test:${redirector.port}/r?to=${encodeURIComponent(to)}`;

  it.each([
    ['http://2130706433/pb', '127.0.0.1 is a loopback address'],
    ['http://127.1/pb', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001/pb', '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/pb', '127.0.0.1 is a loopback address'],
    ['http://[::ffff:7f00:1]/pb', '127.0.0.1 is a loopback address'],
    ['http://[::1]:8080/pb', '::1 is a loopback address'],
    ['http://localhost./pb', "localhost. is this server's own address"],
    ['http://api.localhost/pb', "api.localhost is this server's own address"],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
    ['http://192.0.0.170/pb', '192.0.0.170 is a reserved address'],
    ['http://198.18.0.1/pb', '198.18.0.1 is a reserved address'],
    ['http://[64:ff9b::a9fe:a9fe]/pb', '64:ff9b::a9fe:a9fe is a NAT64 address'],
    ['http://[2002:a9fe:a9fe::1]/pb', '2002:a9fe:a9fe::1 is a 6to4 address'],
    ['http://10.1.2.3/pb?c={click_id}', '10.1.2.3 is a private address'],
  ])('refuses to save %s: %s', async (url, why) => {
    const res = await savePostbackUrl(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `Please enter a postback URL on a public address: ${why}`,
      field: 'postbackUrl',
    });
  });

  it('saves public addresses and names (names are checked at every call)', async () => {
    for (const url of ['http://8.8.8.8/pb', 'https://[2a00:1450:4001::1]/pb', 'http://private.test/pb'])
      expect((await savePostbackUrl(url)).statusCode, url).toBe(200);
  });

  it.each(blockedByName)(
    'never calls a name that resolves to %s (%s is %s)',
    async (address, name, range) => {
      const delivery = await deliver(`http://${name}:${target.port}/pb?id={conversion_id}`);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
      expect(delivery.lastError).toBe(
        `Refused: ${name} resolves to ${address} (${range}); postbacks only go to public addresses`,
      );
      expect(target.hits).toEqual([]);
    },
  );

  it('refuses a name when any of its addresses is inside, even if the first is public', async () => {
    const delivery = await deliver(`http://mixed.test:${publicReceiver.port}/pb`);
    expect(delivery.lastError).toBe(
      'Refused: mixed.test resolves to 10.0.0.8 (private); postbacks only go to public addresses',
    );
    expect(publicReceiver.hits).toEqual([]);
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/inside`, '127.0.0.1 is a loopback address'],
    [
      'IPv4-mapped IPv6',
      (port: number) => `http://[::ffff:7f00:1]:${port}/inside`,
      '127.0.0.1 is a loopback address',
    ],
    [
      'a decimal address',
      (port: number) => `http://2130706433:${port}/inside`,
      '127.0.0.1 is a loopback address',
    ],
    ['localhost', (port: number) => `http://localhost:${port}/inside`, 'localhost resolves to'],
    [
      'a name inside',
      (port: number) => `http://loop.test:${port}/inside`,
      'loop.test resolves to 127.0.0.1 (loopback)',
    ],
    [
      'the metadata service',
      () => 'http://169.254.169.254/latest/meta-data/',
      '169.254.169.254 is a link-local address',
    ],
  ])('checks every redirect hop: a 302 to %s is never followed', async (_what, location, why) => {
    const delivery = await deliver(via(location(target.port)));
    expect(delivery.status).toBe('failed');
    expect(delivery.lastError).toContain(`Refused: ${why}`);
    expect(target.hits).toEqual([]);
  });

  it('follows a redirect to a public receiver, and delivers', async () => {
    const before = publicReceiver.hits.length;
    const delivery = await deliver(
      via(`http://public.test:${publicReceiver.port}/landed?id={conversion_id}`),
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(publicReceiver.hits.length).toBe(before + 1);
  });

  it('checks a name again at every call: a name that rebinds inside is refused the second time', async () => {
    const url = `http://rebind.test:${publicReceiver.port}/rebind?id={conversion_id}`;
    const before = publicReceiver.hits.length;
    expect(await deliver(url)).toMatchObject({ status: 'delivered' });
    const second = await deliver(url);
    expect(second).toMatchObject({ status: 'failed' });
    expect(second.lastError).toBe(
      'Refused: rebind.test resolves to 10.0.0.9 (private); postbacks only go to public addresses',
    );
    expect(publicReceiver.hits.length).toBe(before + 1);
  });

  it('reads a bounded part of an answer and closes the connection on the rest', async () => {
    const delivery = await deliver(`http://public.test:${endless.port}/big`);
    expect(delivery).toMatchObject({ status: 'delivered' });
    // The server stopped writing because the client hung up, long before 64 MB.
    expect(await endlessClosed).toBeLessThan(8 * 1024 * 1024);
  });

  it('shows a plain reason for a call that gets no answer, not the socket error', async () => {
    // A public receiver that closed: the log must not tell refused from filtered ports.
    const gone = await startReceiver();
    await gone.close();
    exemptPorts.add(gone.port);
    const delivery = await deliver(`http://public.test:${gone.port}/pb`);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery.lastError).toBe('No HTTP answer (the connection failed, timed out or was closed)');
  });
});
