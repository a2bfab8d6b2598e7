import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('security headers', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'ocx-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>OCX</title>');
    t = await createTestApp('sqlite', { webDist: root });
    https = await createTestApp('sqlite', { webDist: root, publicUrl: 'https://analytics.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
  });

  it('sends a Content-Security-Policy, no framing, nosniff and no referrer with the app', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
    // HSTS only where OCX is served over https.
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends them with API answers too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS and upgrades requests when PUBLIC_URL is https', async () => {
    const page = await https.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('lets other sites load the tracker, its config and the collect endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/t.js'],
      ['GET', '/api/collect/config?site=nope'],
      ['GET', '/api/collect?site=nope'],
      ['POST', '/api/collect'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'text/plain' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(res.headers['cross-origin-resource-policy'], `${method} ${url}`).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
