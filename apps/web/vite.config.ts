import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress.plugin';

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/t.js': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
});
