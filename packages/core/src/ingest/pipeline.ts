import type { Drop, Incoming, IngestEvent, IngestPorts, Step } from './ingest-types';
import { isDrop } from './ingest-types';
import {
  anonymize,
  checkOrigin,
  dropBots,
  geolocate,
  parseUserAgent,
  resolveWebsite,
} from './steps/enrich.steps';
import { matchGoals } from './steps/match-goals.step';
import { sourceInfo } from './steps/source-info.step';
import { validate } from './steps/validate.step';

/**
 * The ingestion steps in order (DESIGN §6). `validate` turns the raw payload into an event first;
 * sessions, clicks and conversions follow when the batch is written (see visits.ts).
 */
export const pipelineSteps: readonly { name: string; run: Step }[] = [
  { name: 'dropBots', run: dropBots },
  { name: 'resolveWebsite', run: resolveWebsite },
  { name: 'checkOrigin', run: checkOrigin },
  { name: 'geolocate', run: geolocate },
  { name: 'anonymizeIp', run: anonymize },
  { name: 'parseUserAgent', run: parseUserAgent },
  { name: 'sourceInfo', run: sourceInfo },
  { name: 'matchGoals', run: matchGoals },
];

export async function runPipeline(incoming: Incoming, ports: IngestPorts): Promise<IngestEvent | Drop> {
  let event = validate(incoming);
  for (const step of pipelineSteps) {
    if (isDrop(event)) return event;
    event = await step.run(event, ports);
  }
  return event;
}
