import { config } from 'zod';

// The app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles fast parsers
// with Function() and probes for it when a schema is made, which the browser reports as a CSP
// violation: schemas here parse a few small API answers, so the plain parsers do. This module is
// imported first, before any schema exists.
config({ jitless: true });
