import type { Step } from '../ingest-types';

/**
 * The country, region and city of the client address, from the offline database, before the
 * address is anonymized (the address itself is never kept whole when anonymization is on).
 */
export const geolocate: Step = (event, ports) => {
  const place = ports.locate(event.ip);
  return { ...event, country: place.country, region: place.region, city: place.city };
};
