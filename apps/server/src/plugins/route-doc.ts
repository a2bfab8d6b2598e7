import type { z } from 'zod';

/** Who may call a route; the OpenAPI document derives 401/403 and its security from it. */
export type Access = 'user' | 'public' | 'websiteKey';

/** What the API documentation says about one route, beside the schemas the route itself declares. */
export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  /** Default: a signed-in user (session cookie, or a read-only personal access token for GETs). */
  access?: Access;
  /** The success status; default 201 for POST, 204 for DELETE, else 200. */
  status?: number;
  /** The success body (documentation only: routes do not serialize through it). */
  response?: z.ZodType;
  /** For routes that check their input by hand (documentation only). */
  body?: z.ZodType;
  querystring?: z.ZodType;
  /** Error statuses beyond those derived from access and inputs (400, 401, 403, 404). */
  errors?: number[];
  /** Answers something other than JSON. */
  contentType?: string;
}
