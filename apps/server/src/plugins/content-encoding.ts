import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send for an Accept-Encoding header: br, else gzip, else identity (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name) quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** A small text compressed once, at the highest levels, for answers that are sent again and again. */
export function encodedVariants(text: string): Record<Encoding, Buffer> {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}
