import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration suites each own a SQLite file or a PostgreSQL schema; two cores, so keep it modest.
    maxWorkers: 2,
    // A worker imports the app once for all its files, not once per file: server files import the
    // whole app and screens Mantine and React (4–5 s each on a busy machine; 20 → 15.5 min in all).
    // Every test makes its own app, database and DOM, so nothing a file leaves behind is read.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/test/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'scripts/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          // Component tests render the web app's screens in a simulated browser.
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test/dom-setup.ts'],
        },
      },
    ],
  },
});
