// Starts the built server (npm run build) on an empty data directory, removed again on exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'ocx-e2e-'));
process.env.DATA_DIR = dataDir;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import(new URL('../../apps/server/dist/main.js', import.meta.url).href);
