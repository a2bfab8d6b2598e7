// `npm start`: build what is missing or older than its sources, then run the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['apps/tracker/dist/t.js', 'apps/web/dist/index.html', 'apps/server/dist/main.js'].map((p) =>
  join(root, p),
);
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/server/src',
  'packages/contracts/src',
  'packages/core/src',
].map((p) => join(root, p));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const missing = outputs.some((p) => !existsSync(p));
const stale =
  !missing && Math.max(...sources.map(newestMtime)) > Math.min(...outputs.map((p) => statSync(p).mtimeMs));
if (missing || stale) {
  console.log(missing ? 'OCX: first start, building the app…' : 'OCX: sources changed, rebuilding…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

await import(join(root, 'apps/server/dist/main.js'));
