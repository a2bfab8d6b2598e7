import type { BackgroundTask } from '../platform/background-jobs';
import type { Wiring } from '../wiring';
import { AddressTruncationService } from './address-truncation.service';
import { RetentionService } from './retention.service';
import { VisitorRightsService } from './visitor-rights.service';

/** A visitor's rights, and the sweeps that keep what is stored within its limits. */
export function wirePrivacy({ repositories, backend, infra, access }: Wiring) {
  const addresses = new AddressTruncationService(repositories.oldAddresses, Date.now, backend.eventAddresses);
  const retention = new RetentionService(repositories.retention);
  /** Sweeps over every website (run by one server at a time). */
  const sweeps: BackgroundTask[] = [
    { name: 'rotate visitor salts', run: () => infra.visitorSalts.rotate() },
    { name: 'truncate old addresses', run: () => addresses.run() },
    { name: 'delete rows past retention', run: () => retention.run() },
  ];
  return { visitorRights: new VisitorRightsService(repositories.visitorData, access), sweeps };
}
