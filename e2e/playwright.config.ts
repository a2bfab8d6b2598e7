import { defineConfig } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://localhost:${PORT}`;
export const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 4199);
export const SHOP_URL = `http://shop.test:${FIXTURE_PORT}`;
/** The test SMTP server the OCX server sends its mail to, and where the tests read it (fixtures/mail-server.mjs). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2599);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? 4299);
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}`;
/** The test OpenID Connect provider (fixtures/oidc-provider.mjs) the OCX server signs in with. */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4499);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_NAME = 'Test OIDC';
const OIDC_CLIENT = { OIDC_CLIENT_ID: 'ocx-e2e', OIDC_CLIENT_SECRET: 'ocx-e2e-secret' };
/** The Stripe-shaped API (fixtures/stripe-api.mjs) and a second OCX server that bills through it. */
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 4599);
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
/** The other tests' server is self-hosted (no Stripe key, no limits); this one has billing on. */
export const BILLING_PORT = Number(process.env.E2E_BILLING_PORT ?? 3198);
export const BILLING_URL = `http://localhost:${BILLING_PORT}`;
const STRIPE_WEBHOOK_SECRET = 'whsec_ocx_e2e';
/** Headless Chromium says 'HeadlessChrome', which bot filters drop (docs/decisions.md#browser-tests-on-this-kind-of-machine). */
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export default defineConfig({
  testDir: './tests',
  // Long flows (create, edit, delete in a modal) take 20–35 s on a busy 2-core machine, and a
  // screen's first paint under full load (load average 15 on 2 cores) took more than 10 s.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    userAgent: CHROME_UA,
    viewport: { width: 1366, height: 900 },
    // No transitions: a click never lands on a modal that is still sliding into place.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP shop.test 127.0.0.1, MAP *.shop.test 127.0.0.1',
      ],
    },
  },
  webServer: [
    // First: the OCX server reads the provider's discovery document when it starts.
    {
      command: 'node fixtures/oidc-provider.mjs',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: {
        E2E_OIDC_PORT: String(OIDC_PORT),
        OIDC_REDIRECT_URI: `${BASE_URL}/api/auth/callback/oidc`,
        ...OIDC_CLIENT,
      },
    },
    {
      // The real built server on a fresh SQLite data directory. TRUST_PROXY lets a test present a
      // public client address (X-Forwarded-For) so countries resolve.
      command: 'node scripts/serve-fresh.mjs',
      url: `${BASE_URL}/api/health`,
      // Warnings and errors of the server (LOG_LEVEL=warn) appear beside a failing test.
      stdout: 'pipe',
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        PUBLIC_URL: BASE_URL,
        AUTH_RATE_LIMIT: '1000',
        COLLECT_RATE_LIMIT: '100000',
        TRUST_PROXY: 'true',
        // The postback receivers of the e2e tests listen on 127.0.0.1.
        POSTBACK_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'warn',
        // Mail goes to the test SMTP server below (started beside this one; mail is sent on demand).
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'OCX <no-reply@ocx.test>',
        // Sign-in with the test OIDC provider above.
        OIDC_ISSUER,
        OIDC_NAME,
        ...OIDC_CLIENT,
      },
    },
    {
      command: 'node --import tsx fixtures/stripe-api.mjs',
      url: `${STRIPE_URL}/health`,
      reuseExistingServer: false,
      env: {
        E2E_STRIPE_PORT: String(STRIPE_PORT),
        OCX_WEBHOOK_URL: `${BILLING_URL}/api/billing/webhook`,
        STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: 'node scripts/serve-fresh.mjs',
      url: `${BILLING_URL}/api/health`,
      stdout: 'pipe',
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(BILLING_PORT),
        PUBLIC_URL: BILLING_URL,
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: 'sk_test_ocx_e2e',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: STRIPE_URL,
      },
    },
    {
      command: 'node fixtures/mail-server.mjs',
      url: `${MAIL_API_URL}/mails`,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_API_PORT: String(MAIL_API_PORT) },
    },
    {
      command: 'node fixtures/landing-site.mjs',
      url: `http://127.0.0.1:${FIXTURE_PORT}/`,
      reuseExistingServer: false,
      env: { FIXTURE_PORT: String(FIXTURE_PORT), OCX_URL: BASE_URL },
    },
  ],
});
