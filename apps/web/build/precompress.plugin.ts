import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already, source maps are not fetched by users. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt)$/;

/**
 * Writes `file.br` and `file.gz` beside `file`, at the highest levels (done once per build, so the
 * time is spent here rather than on every request). Written even for the few tiny files they do not
 * shrink: without them the server would compress those on every request instead.
 */
export async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** Vite plugin: brotli and gzip copies of the emitted hashed assets, served by @fastify/static's preCompressed. */
export function precompressPlugin(): Plugin {
  return {
    name: 'ocx-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter(
        (name) => name.startsWith('assets/') && COMPRESSIBLE.test(name),
      );
      await Promise.all(files.map((name) => precompressFile(join(dir, name))));
    },
  };
}
