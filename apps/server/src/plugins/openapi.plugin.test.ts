import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Routes Fastify registers that are not part of the API, each with the reason. */
const NOT_DOCUMENTED: Record<string, string> = {
  '/*': 'the web app: built files and the client-route fallback to index.html (static.plugin)',
  '/api/docs': 'Swagger UI, the page that shows this document',
  '/api/docs/': 'Swagger UI (with a trailing slash)',
  '/api/docs/json': "Swagger UI's own copy of the document, the same as /api/openapi.json",
  '/api/docs/yaml': 'the same document as YAML, for Swagger UI',
  '/api/docs/static/*': "Swagger UI's script and style files",
  '/api/docs/static/index.html': 'a redirect to /api/docs/',
  '/api/docs/static/swagger-initializer.js': "Swagger UI's start-up script",
};

interface Operation {
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: object }> };
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  const registered: { method: string; url: string }[] = [];
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'ocx-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>OCX</title>');
    t = await createTestApp(
      'sqlite',
      { webDist },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.push({ method, url: route.url });
        },
      },
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('describes every route Fastify registered, with its method, a summary and a tag', () => {
    expect(doc.openapi).toBe('3.1.0');
    const api = registered.filter((r) => r.method !== 'HEAD' && !(r.url in NOT_DOCUMENTED));
    expect(api.length).toBeGreaterThan(60);
    for (const { method, url } of api) {
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${url}`).toBeDefined();
      expect(operation?.summary, `${method} ${url}`).toBeTruthy();
      expect(operation?.tags?.length, `${method} ${url}`).toBe(1);
    }
    // The exclusions are real routes, so the list cannot drift into hiding nothing.
    for (const url of Object.keys(NOT_DOCUMENTED)) expect(registered.map((r) => r.url)).toContain(url);
  });

  it("documents a signed-in route's inputs and its { error } answers", () => {
    const patch = doc.paths['/api/websites/{id}']?.patch;
    expect(patch?.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('path:id');
    expect(patch?.requestBody).toBeDefined();
    expect(Object.keys(patch?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(patch?.responses['404']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(doc.components.schemas.Error?.properties).toHaveProperty('error');
    const dashboard = doc.paths['/api/analytics/dashboard']?.get;
    expect(dashboard?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['websiteId', 'range']));
    expect(Object.keys(doc.paths['/api/websites/{id}']?.delete?.responses ?? {})).toContain('204');
  });

  it('documents the inputs of routes that check them by hand, and who may call them', () => {
    const collect = doc.paths['/api/collect']?.post;
    expect(collect?.requestBody).toBeDefined();
    expect(Object.keys(collect?.responses ?? {}).sort()).toEqual(['202', '400', '413', '429']);
    const s2s = doc.paths['/api/v1/conversions']?.post;
    expect(s2s?.requestBody).toBeDefined();
    expect(Object.keys(s2s?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401']));
    const auth = doc.paths['/api/auth/{*}'];
    expect(auth?.get?.summary).toMatch(/catch-all/);
    expect(auth?.post?.summary).toMatch(/catch-all/);
  });

  it('shows the document at /api/docs with files served by this server, under the default CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const file = await t.app.inject({
        method: 'GET',
        url: new URL(src, 'http://localhost/api/docs/').pathname,
      });
      expect(file.statusCode, src).toBe(200);
    }
  });
});
