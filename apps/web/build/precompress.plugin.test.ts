import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressFile } from './precompress.plugin';

describe('precompressing built assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ocx-precompress-'));

  it('writes brotli and gzip copies that decompress to the original bytes', async () => {
    const file = join(dir, 'app.js');
    const source = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i })))};`;
    writeFileSync(file, source);
    await precompressFile(file);
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(br.length).toBeLessThan(source.length);
    expect(brotliDecompressSync(br).toString()).toBe(source);
    expect(gunzipSync(gz).toString()).toBe(source);
  });
});
