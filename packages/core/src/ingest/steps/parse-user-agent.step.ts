import type { Step } from '../ingest-types';

/** Device type, browser and operating system from the user agent. */
export const parseUserAgent: Step = (event, ports) => ({
  ...event,
  ...ports.parseUserAgent(event.userAgent),
});
