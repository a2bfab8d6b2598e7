import { isOwnHost } from '../domains';
import { drop, type Step, websiteOf } from '../ingest-types';

/** Only pages of the website's root domain, its subdomains or its cross-domain list count. */
export const checkOrigin: Step = (event) => {
  const website = websiteOf(event);
  if (!website.rootDomain) return drop('domain_not_configured');
  return isOwnHost(event.host, website) ? event : drop('foreign_origin', event.host);
};
