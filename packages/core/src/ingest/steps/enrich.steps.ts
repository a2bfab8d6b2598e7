import { isOwnHost } from '../domains';
import { drop, type Step, websiteOf } from '../ingest-types';
import { anonymizeIp } from '../ip';

export const dropBots: Step = (event, ports) => (ports.isBot(event.userAgent) ? drop('bot') : event);

export const resolveWebsite: Step = async (event, ports) => {
  const website = await ports.website(event.websiteId);
  return website ? { ...event, website } : drop('unknown_website');
};

/** Only pages of the website's root domain, its subdomains or its cross-domain list count. */
export const checkOrigin: Step = (event) => {
  const website = websiteOf(event);
  if (!website.rootDomain) return drop('domain_not_configured');
  return isOwnHost(event.host, website) ? event : drop('foreign_origin', event.host);
};

export const geolocate: Step = (event, ports) => ({ ...event, country: ports.country(event.ip) });

export const anonymize: Step = (event) =>
  event.website?.ipAnonymization ? { ...event, ip: anonymizeIp(event.ip) } : event;

export const parseUserAgent: Step = (event, ports) => ({
  ...event,
  ...ports.parseUserAgent(event.userAgent),
});
