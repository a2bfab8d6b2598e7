// The web build resolves `zod` here (vite.config.ts), so every schema module runs this first.
// The app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles fast parsers
// with Function() and probes for it when a schema is made, which the browser reports as a CSP
// violation: schemas here parse a few small API answers, so the plain parsers do. Being the `zod`
// of the schema modules, it loads with the first schema, not with the first screen.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
