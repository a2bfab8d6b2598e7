import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedVariants, preferredEncoding } from './content-encoding';

describe('choosing a content encoding', () => {
  it('prefers brotli, then gzip, then the plain bytes', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('honours q=0 refusals and the * wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('BR ; Q=0 , GZIP;q=0')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*;q=0')).toBe('identity');
  });

  it('compresses a text once into variants that decompress to it', () => {
    const text = 'function track(){}'.repeat(50);
    const variants = encodedVariants(text);
    expect(variants.identity.toString()).toBe(text);
    expect(brotliDecompressSync(variants.br).toString()).toBe(text);
    expect(gunzipSync(variants.gzip).toString()).toBe(text);
    expect(variants.br.length).toBeLessThan(text.length);
  });
});
