// Builds dist/t.js and dist/x.js (its extras): minified IIFEs, no dependencies (options in build-options.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { bundle } from './build-options.mjs';

mkdirSync(new URL('dist/', import.meta.url), { recursive: true });
for (const [entry, file] of [
  ['src/main.ts', 't.js'],
  ['src/extras-main.ts', 'x.js'],
]) {
  const { code, gzipBytes } = await bundle(entry);
  writeFileSync(new URL(`dist/${file}`, import.meta.url), code);
  console.log(`dist/${file}: ${code.length} bytes, ${gzipBytes} gzipped`);
}
