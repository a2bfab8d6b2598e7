// esbuild options for dist/t.js, shared by build.mjs and src/size.test.ts.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

/** @type {import('esbuild').BuildOptions} */
const options = {
  absWorkingDir: dirname(fileURLToPath(import.meta.url)),
  entryPoints: ['src/main.ts'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  legalComments: 'none',
  // No "use strict" prologue (tsconfig's strict implies alwaysStrict); tsc checks the code anyway.
  tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
  write: false,
  logLevel: 'warning',
};

/**
 * Builds dist/t.js (from src/main.ts) in memory: bundle, then a second minify pass over the whole IIFE (it merges
 * the per-module declarations). Returns the code and its size gzipped at level 9 (the budget is 1,500 bytes).
 * `entry` src/extras-main.ts gives dist/x.js, the click selectors and cross-domain links the tracker loads only
 * for websites that have them.
 */
export async function bundle(entry = 'src/main.ts') {
  const result = await build({ ...options, entryPoints: [entry] });
  const { code } = await transform(result.outputFiles[0].text, { minify: true, target: 'es2020' });
  return { code, gzipBytes: gzipSync(code, { level: 9 }).length };
}
