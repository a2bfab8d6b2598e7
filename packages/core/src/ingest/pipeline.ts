import type { Drop, Incoming, IngestEvent, IngestPorts, Step } from './ingest-types';
import { isDrop } from './ingest-types';
import { anonymizeAddress } from './steps/anonymize-address.step';
import { checkOrigin } from './steps/check-origin.step';
import { dropBots } from './steps/drop-bots.step';
import { geolocate } from './steps/geolocate.step';
import { hashVisitor } from './steps/hash-visitor.step';
import { matchGoals } from './steps/match-goals.step';
import { parseUserAgent } from './steps/parse-user-agent.step';
import { resolveWebsite } from './steps/resolve-website.step';
import { sourceInfo } from './steps/source-info.step';
import { validate } from './steps/validate.step';

/**
 * The ingestion steps in order (docs/decisions.md#tracking), one file each. `validate` turns the raw payload into an
 * event first; sessions, clicks and conversions follow when the batch is written (write-plan.ts).
 */
export const pipelineSteps: readonly Step[] = [
  dropBots,
  resolveWebsite,
  checkOrigin,
  geolocate,
  hashVisitor,
  anonymizeAddress,
  parseUserAgent,
  sourceInfo,
  matchGoals,
];

export async function runPipeline(incoming: Incoming, ports: IngestPorts): Promise<IngestEvent | Drop> {
  let event = validate(incoming);
  for (const step of pipelineSteps) {
    if (isDrop(event)) return event;
    const next = step(event, ports);
    // Most steps answer at once: awaiting those queued a microtask per step and event (issue 24).
    event = next instanceof Promise ? await next : next;
  }
  return event;
}
