import { messages } from '@ocx/contracts';
import { isValidRootDomain, trackingHost } from './root-domain';

export interface SnippetInput {
  websiteId: string;
  rootDomain: string;
  /** Load from track.{rootDomain} (the CNAME of First-Party Tracking Setup) instead of the server's host. */
  firstPartyTracking: boolean;
  /** Where this OCX server is reachable, e.g. https://analytics.example.com */
  publicUrl: string;
  scriptPath: string;
  collectPath: string;
}

/**
 * docs/decisions.md#tracking: one script tag (everything else the tracker fetches from its public config), and a
 * pixel for visitors without JavaScript; its referrer policy lets the page path reach the server.
 */
export function buildTrackingSnippet(input: SnippetInput): string {
  if (!input.rootDomain || !isValidRootDomain(input.rootDomain)) {
    return `<!-- ${messages.config.snippetMissingDomain} -->`;
  }
  const origin = input.firstPartyTracking
    ? `https://${trackingHost(input.rootDomain)}`
    : input.publicUrl.replace(/\/+$/, '');
  const site = escapeAttribute(input.websiteId);
  return [
    `<script async src="${origin}${input.scriptPath}" data-site="${site}"></script>`,
    `<noscript><img src="${origin}${input.collectPath}?site=${encodeURIComponent(input.websiteId)}" alt="" width="1" height="1" referrerpolicy="no-referrer-when-downgrade" style="position:absolute;left:-9999px"></noscript>`,
  ].join('\n');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
