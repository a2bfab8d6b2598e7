import type { Step } from '../ingest-types';

/** The country of the client address, from the offline database (before the address is anonymized). */
export const geolocate: Step = (event, ports) => ({ ...event, country: ports.country(event.ip) });
