import { drop, type Step } from '../ingest-types';

/** The website the event names, from the server's cache; an unknown id is dropped. */
export const resolveWebsite: Step = async (event, ports) => {
  const website = await ports.website(event.websiteId);
  return website ? { ...event, website } : drop('unknown_website');
};
