import type { RouteDoc } from '../../plugins/route-doc';

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
      "Erase a visitor's data on this website (session with write access, or the website's API key as Bearer) and take it out of the dashboard rollups and attribution; answers the counts deleted and logs who, when, how many, the visitor id's first characters and what found them (?foundBy=visitorId|userId|orderId)",
    status: 200,
  },
  'GET /api/websites/:id/visitor-erasures': {
    tag: 'Privacy',
    summary:
      "The erasure log, newest first (last 100): who erased (and the member's email), when, the visitor id's first characters, what found them, and how many rows of each kind (never the data)",
  },
};
