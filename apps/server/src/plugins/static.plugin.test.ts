import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ocx-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>OCX</title>');
    writeFileSync(join(root, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { webDist: root });
  });
  afterAll(() => t.close());

  it('answers client routes with index.html and serves hashed assets as immutable', async () => {
    for (const url of ['/', '/website-config', '/analytics/landing-pages/abc']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>OCX</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves assets of a rebuild without a restart, and 404s a missing asset instead of sending the page', async () => {
    writeFileSync(join(root, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).json()).toEqual({
      error: 'Not found',
    });
  });
});
