// Bundles the server with the workspace packages it imports (@ocx/*) into one ESM file; every other
// package stays an import resolved from node_modules at run time.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ocx/') ? undefined : { path: args.path, external: true },
    );
  },
};

// A fresh dist: no file of an entry that no longer exists may linger.
rmSync('dist', { recursive: true, force: true });

await build({
  // Worker threads are their own entries: startWorker() loads them by file next to main.js.
  entryPoints: {
    main: 'src/main.ts',
    'auth.worker': 'src/auth/auth.worker.ts',
    'event-writer.worker': 'src/workers/event-writer.worker.ts',
    'report-reader.worker': 'src/workers/report-reader.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
