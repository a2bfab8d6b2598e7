// Settings of `npm run demo` (see scripts/demo.mjs).
export const BASE = (process.env.DEMO_URL || 'http://localhost:3000').replace(/\/+$/, '');
export const SEED = Number.parseInt(process.env.DEMO_SEED || '1', 10);
export const EMAIL = 'demo@ocx.local';
export const PASSWORD = 'ocx-demo-password';
export const SITE_NAME = 'Demo Shop';
export const ROOT_DOMAIN = 'demo-shop.test';
export const SHOP = `https://${ROOT_DOMAIN}`;
// DEMO_VISITORS: how many visitors to send (default 2,000); the browser tests send a few (e2e/tests/demo-figures.spec.ts).
export const VISITORS = Number.parseInt(process.env.DEMO_VISITORS || '2000', 10);
export const CONCURRENCY = 6;
export const MAX_EVENTS_PER_REQUEST = 100;
export const DAY = 86_400_000;
