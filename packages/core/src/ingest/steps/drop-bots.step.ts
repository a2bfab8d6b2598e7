import { drop, type Step } from '../ingest-types';

/** Crawlers, monitors and headless browsers (isbot) are not visitors. */
export const dropBots: Step = (event, ports) => (ports.isBot(event.userAgent) ? drop('bot') : event);
