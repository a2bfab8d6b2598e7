import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './test/test-app';
import { createTestTarget, type TestTarget } from './test/test-database';

// Request logs must not hold client addresses: not the socket's, not X-Forwarded-For's.
describe('request logs', () => {
  let target: TestTarget;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    target = await createTestTarget('sqlite');
    app = await buildApp(
      { ...testConfig(target.dataDir, target.database), trustProxy: 1 },
      { logger: { level: 'info', stream: { write: (line) => lines.push(line) } } },
    );
  });
  afterAll(() => app.close());

  it('log method, path and status, and no client address or port', async () => {
    for (const url of ['/api/health', '/api/collect', '/api/nope']) {
      await app.inject({
        method: url === '/api/collect' ? 'POST' : 'GET',
        url,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '198.51.100.7', 'content-type': 'text/plain' },
        payload: url === '/api/collect' ? '{}' : undefined,
      });
    }
    const log = lines.join('');
    expect(log).toContain('"url":"/api/collect"');
    expect(log).toContain('"statusCode":400');
    expect(log).not.toContain('203.0.113.9');
    expect(log).not.toContain('198.51.100.7');
    expect(log).not.toMatch(/remoteAddress|remotePort/);
  });
});
