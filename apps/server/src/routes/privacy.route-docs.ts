import type { RouteDoc } from './route-docs';

/** The OpenAPI entries of a visitor's rights (route-docs.ts gathers them with the others). */
export const privacyDocs: Record<string, RouteDoc> = {
  'GET /api/websites/:id/visitors': {
    tag: 'Privacy',
    summary:
      'Find a visitor by visitorId, userId (identify) or orderId (a conversion dedupe key): each found visitor id with how many rows of each kind are stored',
  },
  'GET /api/websites/:id/visitors/:visitorId/export': {
    tag: 'Privacy',
    summary:
      'Everything stored about a visitor on this website as JSON (events, clicks, conversions, credits, identity links, postback deliveries)',
  },
  'DELETE /api/websites/:id/visitors/:visitorId': {
    tag: 'Privacy',
    summary:
      "Erase a visitor's data on this website (session with write access, or the website's API key as Bearer); answers the counts deleted and logs who, when and how many",
    status: 200,
  },
  'GET /api/websites/:id/visitor-erasures': {
    tag: 'Privacy',
    summary: 'The erasure log: who erased, when, and how many rows of each kind (never the data)',
  },
};
