/**
 * The region and city of each event (the SQL stores' migration 0032): the breakdowns, filters and
 * the rollup rebuild's region and city rows read them. Events stored before this have none (NULL),
 * as on the SQL stores.
 */
export const migration0004 = {
  name: '0004-event-place',
  statements: [
    'ALTER TABLE events ADD COLUMN IF NOT EXISTS region LowCardinality(Nullable(String)) AFTER country',
    'ALTER TABLE events ADD COLUMN IF NOT EXISTS city Nullable(String) AFTER region',
  ],
};
