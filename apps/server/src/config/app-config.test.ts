import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './app-config';

const tmp = () => mkdtempSync(join(tmpdir(), 'ocx-config-'));

describe('configuration', () => {
  it('defaults to port 3000, SQLite in DATA_DIR and a localhost public URL', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: 'sqlite', file: join(dir, 'ocx.sqlite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
    expect([config.trackerScriptPath, config.collectPath, config.collectRateLimit]).toEqual([
      '/t.js',
      '/api/collect',
      1200,
    ]);
  });

  it('sends mail over SMTP_URL from MAIL_FROM, and to the log from OCX at the public host without them', () => {
    const plain = loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://ocx.example.com' });
    expect(plain.mail).toEqual({ smtpUrl: null, from: 'OCX <no-reply@ocx.example.com>' });
    const smtp = loadConfig({
      DATA_DIR: tmp(),
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'Analytics <analytics@example.com>',
    });
    expect(smtp.mail).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      from: 'Analytics <analytics@example.com>',
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
  });

  it("links the app's own /terms and /privacy at sign-up unless TERMS_URL and PRIVACY_URL name the operator's", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).legal).toEqual({ termsUrl: '/terms', privacyUrl: '/privacy' });
    const own = loadConfig({
      DATA_DIR: tmp(),
      TERMS_URL: 'https://example.com/terms',
      PRIVACY_URL: 'https://example.com/privacy',
    });
    expect(own.legal).toEqual({
      termsUrl: 'https://example.com/terms',
      privacyUrl: 'https://example.com/privacy',
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), TERMS_URL: 'javascript:alert(1)' })).toThrow(/TERMS_URL/);
  });

  it('turns billing on with both Stripe keys, off with neither, and refuses one alone', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).billing).toBeNull();
    const on = loadConfig({
      DATA_DIR: tmp(),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(on.billing).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: null });
    expect(() => loadConfig({ DATA_DIR: tmp(), STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not',
    );
  });

  it('lets the tracker and collect paths be renamed, and refuses odd ones', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      TRACKER_SCRIPT_PATH: '/static/app.js',
      COLLECT_PATH: '/e/',
    });
    expect([config.trackerScriptPath, config.collectPath]).toEqual(['/static/app.js', '/e']);
    expect(() => loadConfig({ DATA_DIR: tmp(), COLLECT_PATH: 'no-slash' })).toThrow(/COLLECT_PATH/);
  });

  it('locates visits by city unless GEO_LOCATION asks for the country only', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).geoLocation).toBe('city');
    expect(loadConfig({ DATA_DIR: tmp(), GEO_LOCATION: 'country' }).geoLocation).toBe('country');
    expect(() => loadConfig({ DATA_DIR: tmp(), GEO_LOCATION: 'street' })).toThrow(/GEO_LOCATION/);
  });

  it('generates the auth secret once, keeps it private in DATA_DIR and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o077).toBe(0);
  });

  it('refuses a kept auth secret shorter than 32 characters instead of signing sessions with it', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'auth-secret'), 'short\n', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      /auth-secret holds 5 characters; a secret needs at least 32/,
    );
    writeFileSync(join(dir, 'auth-secret'), `${'s'.repeat(32)}\n`, { mode: 0o644 });
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe('s'.repeat(32));
    expect(statSync(join(dir, 'auth-secret')).mode & 0o077).toBe(0);
  });

  it('creates DATA_DIR for this user only', () => {
    const dir = join(tmp(), 'fresh', 'data');
    loadConfig({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('uses PostgreSQL when DATABASE_URL is set and honours TRUST_PROXY', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      DATABASE_URL: 'postgres://u@h/db',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://a.example.com/',
    });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@h/db' });
    // true means one hop: the proxy in front (issue 18).
    expect(config.trustProxy).toBe(1);
    expect(config.publicUrl).toBe('https://a.example.com');
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses and ranges', () => {
    const trust = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY }).trustProxy;
    expect([trust(''), trust('false'), trust('0'), trust('no')]).toEqual([false, false, false, false]);
    expect([trust('true'), trust('yes'), trust('1'), trust('2')]).toEqual([1, 1, 1, 2]);
    expect(trust('10.0.0.0/8, 192.168.1.5,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => trust('10.0.0.0/8,proxy.example.com')).toThrow(/TRUST_PROXY .*'proxy\.example\.com'/);
  });

  it('reads OCX_ADMIN_EMAILS as a comma-separated, case-insensitive list, and refuses what is not an address', () => {
    const admins = (value: string | undefined) =>
      loadConfig({ DATA_DIR: tmp(), OCX_ADMIN_EMAILS: value }).adminEmails;
    expect(admins(undefined)).toEqual([]);
    expect(admins('')).toEqual([]);
    expect(admins(' Ops@Example.com, cto@example.com,,ops@example.COM ')).toEqual([
      'ops@example.com',
      'cto@example.com',
    ]);
    expect(() => admins('ops@example.com;cto@example.com')).toThrow(
      /OCX_ADMIN_EMAILS must be email addresses separated by commas.*not 'ops@example\.com;cto@example\.com'/,
    );
    expect(() => admins('ops@example.com,root')).toThrow(/OCX_ADMIN_EMAILS .*'root'/);
  });

  it('explains what is wrong with a bad environment', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(() => loadConfig({ DATA_DIR: tmp(), AUTH_SECRET: 'short' })).toThrow(/32 characters/);
  });
});
