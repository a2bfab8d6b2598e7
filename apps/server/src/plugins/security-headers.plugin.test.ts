import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
      // No document of OCX's runs in these answers: the document headers stay off them.
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
        expect(res.headers[name], `${method} ${url} ${name}`).toBeUndefined();
    }
  });

  it('keeps HSTS on the tracking endpoints when PUBLIC_URL is https', async () => {
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});

describe('security headers on the web app’s assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'ocx-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>OCX</title>');
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(root, 'assets', 'page-abc123.html'), '<!doctype html><title>x</title>');
    t = await createTestApp('sqlite', { webDist: root });
  });
  afterAll(() => t.close());

  it('a script keeps nosniff and CORP but not the document headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ])
      expect(res.headers[name], name).toBeUndefined();
  });

  it('an HTML answer under /assets/ keeps every header', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/assets/page-abc123.html' });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // A path that climbs out of /assets/ is refused, or answered with the page's headers.
    const climbed = await t.app.inject({ method: 'GET', url: '/assets/../index.html' });
    if (climbed.statusCode === 200) expect(climbed.headers['x-frame-options']).toBe('DENY');
    else expect(climbed.statusCode).toBeGreaterThanOrEqual(400);
  });
});
