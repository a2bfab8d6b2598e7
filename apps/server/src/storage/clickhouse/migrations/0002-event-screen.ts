/**
 * The screen size class of each event (the SQL stores' migration 0026): the breakdowns by screen
 * and the rollup rebuild's screen rows read it. Events stored before this have none (NULL), as on
 * the SQL stores.
 */
export const migration0002 = {
  name: '0002-event-screen',
  statements: [
    'ALTER TABLE events ADD COLUMN IF NOT EXISTS screen LowCardinality(Nullable(String)) AFTER country',
  ],
};
