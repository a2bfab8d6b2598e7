// The attribution storage moved to ./attribution/; this path keeps the services' imports working.
export { AttributionRepository, type JobRow, type SiteFacts } from './attribution/attribution.repository';
export { readCreditSettings } from './attribution/credit-settings';
export { CREDIT_STATE } from './attribution/credit-state';
export { type CreditInsert, CreditingRepository } from './attribution/crediting.repository';
export {
  type CreditOutcome,
  type PendingConversion,
  type PendingRecord,
  toPending,
} from './attribution/pending-conversion';
