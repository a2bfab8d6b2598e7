/** mulberry32: a seeded generator, so a failing body can be made again from its seed and index. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the bodies aim at: a real website with a campaign and an API key, and another user's website. */
export interface FuzzTargets {
  siteId: string;
  ocxid: string;
  apiKey: string;
  otherSiteId: string;
  otherOcxid: string;
}

interface FuzzRequest {
  kind: 'collect' | 's2s';
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  /** Sent as it is: JSON text, or anything else. */
  payload: string;
}

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Collect and server-to-server bodies made from a seed: wrong types, huge strings, deep nesting,
 * unicode (lone surrogates, NUL, right-to-left, emoji), NaN-like numbers (1e309, -0, 2^53+1, "NaN")
 * and bad ids, between bodies that are almost right so the pipeline is reached too.
 */
export function fuzzRequests(seed: number, targets: FuzzTargets): () => FuzzRequest {
  const random = prng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;

  const oddText = [
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u202dreversed',
    '\u200b\u200c\u200d',
    '💥🇺🇦👩‍👩‍👧',
    'ﷺ',
    '%00%ff%',
    '../../etc/passwd',
    "'; drop table event; --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    '\r\nX-Injected: 1',
  ];
  const str = (max = 40): string => {
    const length = int(max);
    return Array.from({ length }, () =>
      random() < 0.1 ? pick(oddText) : String.fromCharCode(int(0xffff)),
    ).join('');
  };
  /** Printable ASCII: what a header value can carry at all. */
  const ascii = (max: number) =>
    Array.from({ length: int(max) }, () => String.fromCharCode(32 + int(95))).join('');
  const huge = () => pick(['x', 'é', '💥', '\u0000', 'ab']).repeat(1000 + int(40_000));
  /** Numbers as JSON text, so 1e309 (Infinity once parsed) and -0 survive into the body. */
  const oddNumber = () =>
    pick([
      '1e309',
      '-1e309',
      '-0',
      '9007199254740993',
      '1e-400',
      '0.1e1',
      '123456789012345678901234567890',
      '-1',
    ]);
  const scalar = (): string =>
    pick([
      'null',
      'true',
      'false',
      '0',
      oddNumber(),
      oddNumber(),
      String(random() * 1e6),
      JSON.stringify(str()),
      JSON.stringify(''),
      JSON.stringify('NaN'),
      JSON.stringify('Infinity'),
      JSON.stringify(pick([targets.siteId, targets.otherSiteId, targets.ocxid])),
      JSON.stringify(huge()),
    ]);
  /** A JSON value as text, nested up to `depth`; now and then far deeper than any schema. */
  const value = (depth: number): string => {
    if (depth > 4 || random() < 0.45) return scalar();
    if (random() < 0.05) return `${'['.repeat(200 + int(800))}1${']'.repeat(200 + int(800))}`;
    if (random() < 0.5) return `[${Array.from({ length: int(5) }, () => value(depth + 1)).join(',')}]`;
    const keys = [
      'type',
      'url',
      'site',
      'events',
      'ts',
      'value',
      'props',
      'goal',
      '__proto__',
      'constructor',
    ];
    return `{${Array.from({ length: int(6) }, () => `${JSON.stringify(random() < 0.7 ? pick(keys) : str(20))}:${value(depth + 1)}`).join(',')}}`;
  };
  /** How likely each field is to be wrong: low for the almost-right bodies, high for the wild ones. */
  let wild = 0.5;
  const wrong = () => random() < wild;
  const id = () =>
    wrong()
      ? pick([str(70), 'short', 'a'.repeat(65), 'has spaces in it', JSON.stringify(int(1e6)).slice(1)])
      : `fuzz${int(1e9)}x`;
  const field = <T>(normal: () => T): string => (wrong() ? scalar() : JSON.stringify(normal()));
  /** Percent-encoded, lone surrogates first made U+FFFD (encodeURIComponent refuses them). */
  const enc = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  const url = () =>
    wrong()
      ? pick([
          'https://evil.test/',
          'ftp://shop.test/',
          'javascript:alert(1)',
          `https://shop.test/${huge()}`,
          str(40),
        ])
      : pick([
          'https://shop.test/',
          `https://shop.test/p?ocxid=${pick([targets.ocxid, targets.otherOcxid, str(10)])}&gclid=${enc(str(12))}`,
          `https://shop.test/${enc(str(30))}?utm_source=${enc(str(8))}&utm_medium=cpc`,
          `https://sub.shop.test/${str(30)}`,
        ]);

  const event = (): string => {
    const type = wrong()
      ? pick(['consent', 'nope', '', 'PAGEVIEW'])
      : pick(['pageview', 'pageview', 'click', 'custom', 'identify']);
    const parts = [
      `"type":${wrong() ? scalar() : JSON.stringify(type)}`,
      `"url":${wrong() ? scalar() : JSON.stringify(url())}`,
      `"visitorId":${field(id)}`,
      `"sessionId":${field(id)}`,
      `"eventId":${field(id)}`,
    ];
    if (type === 'click' && !wrong())
      parts.push(`"selector":${field(() => pick(['#buy', '.add-to-cart', 'a[href]', str(20)]))}`);
    if (type === 'custom' && !wrong())
      parts.push(`"name":${field(() => pick(['purchase', 'signup', str(20)]))}`);
    if (type === 'identify' && !wrong()) parts.push(`"userId":${field(() => str(30))}`);
    if (random() < 0.5)
      parts.push(
        `"value":${random() < wild ? oddNumber() : field(() => Math.round(random() * 10000) / 100)}`,
        `"currency":${field(() => pick(['USD', 'usd', 'EURO', 'JPY', str(3)]))}`,
      );
    if (random() < 0.3)
      parts.push(
        `"props":${random() < wild ? value(1) : JSON.stringify({ [str(10)]: str(20), n: int(100) })}`,
      );
    if (random() < 0.3)
      parts.push(`"ts":${random() < wild ? oddNumber() : field(() => Date.now() - int(30) * 86_400_000)}`);
    if (random() < 0.2) parts.push(`"title":${field(() => str(600))}`);
    if (random() < 0.2)
      parts.push(
        `"referrer":${field(() => pick(['https://www.google.com/', `android-app://${str(10)}/`, str(50)]))}`,
      );
    // Shuffle, and now and then repeat a key (JSON.parse keeps the last).
    parts.sort(() => random() - 0.5);
    if (random() < 0.1 && parts[0]) parts.push(parts[0]);
    return `{${parts.join(',')}}`;
  };

  const collectBody = (): string => {
    wild = random() < 0.5 ? 0.03 : 0.4;
    const kind = random();
    if (kind < 0.08) return str(200);
    if (kind < 0.12) return '';
    if (kind < 0.3) return value(0);
    const events = Array.from({ length: random() < 0.03 ? 101 + int(50) : 1 + int(6) }, () =>
      random() < 0.85 ? event() : value(1),
    );
    const site = wrong()
      ? pick([
          scalar(),
          JSON.stringify(targets.otherSiteId),
          JSON.stringify(str(20)),
          JSON.stringify('x'.repeat(65)),
        ])
      : JSON.stringify(targets.siteId);
    return `{"site":${site},"events":${random() < 0.05 ? scalar() : `[${events.join(',')}]`}}`;
  };

  const s2sBody = (): string => {
    wild = random() < 0.5 ? 0.03 : 0.4;
    if (random() < 0.15) return random() < 0.5 ? str(100) : value(0);
    const parts = [
      `"goal":${field(() => pick(['Purchase', 'Lead', ' ', str(30), huge()]))}`,
      `"${pick(['visitorId', 'clickId', 'ocxid'])}":${field(() => pick([targets.ocxid, targets.otherOcxid, id(), str(600)]))}`,
    ];
    if (random() < 0.6) parts.push(`"value":${random() < 0.5 ? oddNumber() : field(() => random() * 1000)}`);
    if (random() < 0.5) parts.push(`"currency":${field(() => pick(['EUR', 'eur', 'EURO', 'KWD', str(3)]))}`);
    if (random() < 0.3)
      parts.push(`"conversionType":${field(() => pick(['revenue', 'lead', 'standard', 'free']))}`);
    if (random() < 0.4) parts.push(`"dedupeKey":${field(() => pick([`order-${int(50)}`, str(250), '']))}`);
    if (random() < 0.4)
      parts.push(`"ts":${random() < 0.5 ? oddNumber() : field(() => Date.now() - int(30) * 86_400_000)}`);
    return `{${parts.sort(() => random() - 0.5).join(',')}}`;
  };

  return (): FuzzRequest => {
    const contentType = pick([
      'text/plain',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain;charset=UTF-8',
    ]);
    if (random() < 0.7)
      return {
        kind: 'collect',
        method: 'POST',
        url: '/api/collect',
        headers: { 'content-type': contentType, 'user-agent': random() < 0.9 ? CHROME_UA : ascii(300) },
        payload: collectBody(),
      };
    const key = pick([targets.apiKey, targets.apiKey, targets.apiKey, `ocx_${ascii(32)}`, '']);
    return {
      kind: 's2s',
      method: 'POST',
      url: '/api/v1/conversions',
      headers: key
        ? {
            'content-type': contentType.startsWith('text') ? 'application/json' : contentType,
            authorization: `Bearer ${key}`,
          }
        : { 'content-type': contentType.startsWith('text') ? 'application/json' : contentType },
      payload: s2sBody(),
    };
  };
}
