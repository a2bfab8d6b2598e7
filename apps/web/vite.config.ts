import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress.plugin';

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  // Schemas get zod with its CSP-safe setting; nothing else on the first screen loads it.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/t.js': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
});
