import { messages } from '@ocx/contracts';
import type { Drop } from './ingest-types';

/**
 * Why collect dropped an event, in words for the person testing their setup (the Event Test); the
 * public collect answer keeps the bare reason. `userAgent` is the sender's, `rootDomain` the website's.
 */
export function explainDrop(dropped: Drop, context: { userAgent: string; rootDomain: string }): string {
  switch (dropped.drop) {
    case 'bot':
      return messages.eventTest.droppedBot(context.userAgent);
    case 'invalid':
      return messages.eventTest.droppedInvalid(dropped.detail ?? 'the event is not one collect reads');
    case 'unknown_website':
      return messages.eventTest.droppedUnknownWebsite;
    case 'domain_not_configured':
      return messages.config.snippetMissingDomain;
    case 'foreign_origin':
      return messages.eventTest.droppedForeignOrigin(dropped.detail ?? 'another host', context.rootDomain);
  }
}
