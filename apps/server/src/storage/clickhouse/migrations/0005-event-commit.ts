/**
 * The commit that inserted each event (event-store.clickhouse.ts): the SQL side records the commits
 * it derived, so events of a commit whose SQL transaction rolled back are found and derived by the
 * retry. Events stored before this have '' and count as derived.
 */
export const migration0005 = {
  name: '0005-event-commit',
  statements: ["ALTER TABLE events ADD COLUMN IF NOT EXISTS commit_id String DEFAULT ''"],
};
