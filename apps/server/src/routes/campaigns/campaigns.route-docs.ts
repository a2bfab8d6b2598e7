import {
  AdPlatformEntry,
  Campaign,
  CampaignTemplate,
  LandingPage,
  Network,
  TrafficSource,
} from '@ocx/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../plugins/route-doc';

/** The OpenAPI entries of campaigns, templates, landing pages, networks and sources (route-docs.ts gathers them with the others). */
export const campaignDocs: Record<string, RouteDoc> = {
  'GET /api/websites/:id/campaigns': {
    tag: 'Campaigns',
    summary: "A website's campaigns with metrics",
    response: z.array(Campaign),
  },
  'POST /api/websites/:id/campaigns': {
    tag: 'Campaigns',
    summary: 'Create a campaign (409 when its ocxid is taken)',
    response: Campaign,
    errors: [409],
  },
  'POST /api/websites/:id/campaigns/ocxid': {
    tag: 'Campaigns',
    summary: 'Propose an unused ocxid for a campaign name',
    status: 200,
  },
  'GET /api/websites/:id/campaigns/:campaignId': {
    tag: 'Campaigns',
    summary: 'A campaign',
    response: Campaign,
  },
  'PATCH /api/websites/:id/campaigns/:campaignId': {
    tag: 'Campaigns',
    summary: 'Change a campaign',
    response: Campaign,
  },
  'DELETE /api/websites/:id/campaigns/:campaignId': { tag: 'Campaigns', summary: 'Delete a campaign' },
  'GET /api/ad-platforms': {
    tag: 'Campaigns',
    summary: 'The ad platform catalogue (click ids, macros)',
    response: z.array(AdPlatformEntry),
  },
  'GET /api/websites/:id/networks': { tag: 'Campaigns', summary: 'Ad networks', response: z.array(Network) },
  'POST /api/websites/:id/networks': { tag: 'Campaigns', summary: 'Add an ad network', response: Network },
  'PUT /api/websites/:id/networks/:networkId': {
    tag: 'Campaigns',
    summary: 'Edit an ad network (its sources become traffic sources)',
    response: Network,
  },
  'DELETE /api/websites/:id/networks/:networkId': { tag: 'Campaigns', summary: 'Remove an ad network' },
  'GET /api/websites/:id/sources': {
    tag: 'Campaigns',
    summary: 'Traffic sources with metrics',
    response: z.array(TrafficSource),
  },
  'POST /api/websites/:id/sources': {
    tag: 'Campaigns',
    summary: 'Add a traffic source',
    response: TrafficSource,
  },
  'PUT /api/websites/:id/sources/:sourceId': {
    tag: 'Campaigns',
    summary: 'Edit a traffic source (the networks listing it and its campaigns take a new name)',
    response: TrafficSource,
  },
  'DELETE /api/websites/:id/sources/:sourceId': { tag: 'Campaigns', summary: 'Remove a traffic source' },
  'GET /api/websites/:id/landing-pages': {
    tag: 'Campaigns',
    summary: 'Landing pages',
    response: z.array(LandingPage),
  },
  'POST /api/websites/:id/landing-pages': {
    tag: 'Campaigns',
    summary: 'Add a landing page',
    response: LandingPage,
  },
  'PUT /api/websites/:id/landing-pages/:landingPageId': {
    tag: 'Campaigns',
    summary: 'Edit a landing page',
    response: LandingPage,
  },
  'GET /api/websites/:id/landing-pages/:landingPageId/stats': {
    tag: 'Campaigns',
    summary: "A landing page's traffic and conversions",
  },
  'DELETE /api/websites/:id/landing-pages/:landingPageId': {
    tag: 'Campaigns',
    summary: 'Remove a landing page',
  },
  'GET /api/websites/:id/templates': {
    tag: 'Campaigns',
    summary: 'Campaign templates',
    response: z.array(CampaignTemplate),
  },
  'POST /api/websites/:id/templates': {
    tag: 'Campaigns',
    summary: 'Save a campaign template',
    response: CampaignTemplate,
  },
  'PATCH /api/websites/:id/templates/:templateId': {
    tag: 'Campaigns',
    summary: 'Change a campaign template',
    response: CampaignTemplate,
  },
  'DELETE /api/websites/:id/templates/:templateId': {
    tag: 'Campaigns',
    summary: 'Delete a campaign template',
  },
};
