import { migration0001 } from './0001-events';
import { migration0002 } from './0002-event-screen';
import { migration0003 } from './0003-visitor-sets';
import { migration0004 } from './0004-event-place';
import { migration0005 } from './0005-event-commit';
import { migration0006 } from './0006-clicks-conversions';

/** A ClickHouse migration: statements run in order, each safe to run again (IF NOT EXISTS). */
export interface ClickHouseMigration {
  name: string;
  statements: string[];
}

/** In order; a new one goes at the end. */
export const clickHouseMigrations: ClickHouseMigration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
];
