// Builds dist/t.js: one minified IIFE, no dependencies (options in build-options.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { bundle } from './build-options.mjs';

const { code, gzipBytes } = await bundle();
mkdirSync(new URL('dist/', import.meta.url), { recursive: true });
writeFileSync(new URL('dist/t.js', import.meta.url), code);
console.log(`dist/t.js: ${code.length} bytes, ${gzipBytes} gzipped`);
