import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress.plugin';
import { type BootScreen, screenPreloadPlugin } from './build/screen-preload.plugin';
import { stylesheetPreloadPlugin } from './build/stylesheet-preload.plugin';

const WEBSITES = '/api/websites';
/** router.tsx's `screens`, with the API answers each opens with (api/boot-prefetch.ts). */
const bootScreens: BootScreen[] = [
  { path: '/dashboard', module: 'src/features/dashboard/dashboard.page.tsx', data: [WEBSITES] },
  { path: '/analytics', module: 'src/features/analytics/analytics.page.tsx', data: [WEBSITES] },
  { path: '/campaigns', module: 'src/features/campaigns/campaigns.page.tsx', data: [WEBSITES] },
  { path: '/clicks-log', module: 'src/features/clicks-log/clicks-log.page.tsx', data: [WEBSITES] },
  {
    path: '/conversions-log',
    module: 'src/features/conversions-log/conversions-log.page.tsx',
    data: [WEBSITES],
  },
  { path: '/funnels', module: 'src/features/funnels/funnels.page.tsx', data: [WEBSITES] },
  { path: '/login', module: 'src/features/login/login.page.tsx', data: [] },
];

export default defineConfig({
  plugins: [react(), stylesheetPreloadPlugin(), screenPreloadPlugin(bootScreens), precompressPlugin()],
  // Schemas get zod with its CSP-safe setting; nothing else on the first screen loads it.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/t.js': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // A route's shared code is copied into its chunk instead of split into many small common chunks:
      // on HTTP/1.1 a phone opens six connections, and /dashboard's 43 files arrived in about eight
      // round trips (bench:web mobile /dashboard 62 → 81, /login 83 → 90). Rolldown's runtime keeps
      // one instance of each copied module. Styles stay in their own files.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: Number.POSITIVE_INFINITY, exclude: /\.css(\?|$)/ },
        },
      },
    },
  },
});
