import type { SwaggerTransform } from '@fastify/swagger';
import { ApiError } from '@ocx/contracts';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access, RouteDoc } from './route-doc';

/** What each error status means here; every error answer is `{ error }` (error-handler.plugin). */
const ERRORS: Record<number, string> = {
  400: 'Invalid input; `error` names the first problem',
  401: 'Not signed in, or the token or key is invalid',
  403: 'Refused: a read-only token writing, a second factor still owed, or a cross-site request',
  404: "Not found (another user's resource answers the same)",
  409: 'Conflict with an existing record',
  413: 'Body over the size limit',
  429: 'Too many requests; see Retry-After',
  503: 'Not available right now; try again',
};

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  user: [{ sessionCookie: [] }, { accessToken: [] }],
  websiteKey: [{ websiteKey: [] }],
  public: [],
};

type Schema = Record<string, unknown>;

/** Schemas the document names once under components and refers to (the error body, on every route). */
const components = z.registry<{ id: string }>();
components.add(ApiError, { id: 'Error' });

/** @fastify/swagger's transformObject: adds the named schemas to the document's components. */
export const documentComponents = createJsonSchemaTransformObject({ schemaRegistry: components });

const json = (description: string, schema: z.ZodType, contentType = 'application/json') => ({
  description,
  content: { [contentType]: { schema } },
});

function successStatus(method: string, doc: RouteDoc): number {
  return doc.status ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200);
}

/** 400 for any input, 401/403 from who may call, 404 for a path id or a websiteId, and the route's own. */
function errorStatuses(url: string, schema: Schema, access: Access, doc: RouteDoc): number[] {
  const query = schema.querystring;
  const byWebsite = query instanceof z.ZodObject && 'websiteId' in query.shape;
  const derived = [
    ...(schema.params || schema.querystring || schema.body ? [400] : []),
    ...(access === 'public' ? [] : [401]),
    ...(access === 'user' ? [403] : []),
    ...(url.includes(':') || byWebsite ? [404] : []),
  ];
  return [...new Set([...derived, ...(doc.errors ?? [])])].sort();
}

/**
 * @fastify/swagger's transform: adds each route's documentation (routes/route-docs.ts) to the
 * schemas it declares, then converts the zod schemas (fastify-type-provider-zod). Routes that check
 * their input by hand get it documented here without being validated twice.
 */
export function documentRoutes(docs: Record<string, RouteDoc>): SwaggerTransform {
  const zodToJson = createJsonSchemaTransform({ skipList: [], schemaRegistry: components });
  return (input) => {
    const method = [input.route.method].flat().join(',');
    const doc = docs[`${method} ${input.url}`];
    if (!doc) return zodToJson(input);
    const access = doc.access ?? 'user';
    const schema: Schema = {
      ...(input.schema as Schema | undefined),
      ...(doc.body ? { body: doc.body, consumes: ['application/json', 'text/plain'] } : {}),
      ...(doc.querystring ? { querystring: doc.querystring } : {}),
    };
    const status = successStatus(method, doc);
    const response: Schema = Object.fromEntries(
      errorStatuses(input.url, schema, access, doc).map((code) => [
        code,
        json(ERRORS[code] ?? 'Error', ApiError),
      ]),
    );
    if (status !== 204) {
      response[status] = doc.contentType
        ? json('OK', z.string(), doc.contentType)
        : json('OK', doc.response ?? z.unknown());
    }
    const out = zodToJson({
      ...input,
      schema: {
        ...schema,
        tags: [doc.tag],
        summary: doc.summary,
        ...(doc.description ? { description: doc.description } : {}),
        security: SECURITY[access],
        response,
      },
    });
    // A bodiless answer has no schema to convert: added after the zod conversion.
    if (status === 204)
      Object.assign(out.schema.response as Schema, { 204: { type: 'null', description: 'No content' } });
    return out;
  };
}
