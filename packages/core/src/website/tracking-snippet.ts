import { messages } from '@ocx/contracts';
import { isValidRootDomain, trackingHost } from './root-domain';

export interface SnippetInput {
  websiteId: string;
  rootDomain: string;
  /** Load from track.{rootDomain} (the CNAME of First-Party Tracking Setup) instead of the server's host. */
  firstPartyTracking: boolean;
  /** Where this OCX server is reachable, e.g. https://analytics.example.com */
  publicUrl: string;
}

/** DESIGN §6: one script tag; everything else the tracker fetches from its public config. */
export function buildTrackingSnippet(input: SnippetInput): string {
  if (!input.rootDomain || !isValidRootDomain(input.rootDomain)) {
    return `<!-- ${messages.config.snippetMissingDomain} -->`;
  }
  const origin = input.firstPartyTracking
    ? `https://${trackingHost(input.rootDomain)}`
    : input.publicUrl.replace(/\/+$/, '');
  return `<script async src="${origin}/t.js" data-site="${escapeAttribute(input.websiteId)}"></script>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
