import { type DatabaseDebug, type DatabaseServerDebug, debugRowCountTables } from '@ocx/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import DebugDatabasePage from './debug-database.page';

/** 0, 3, 6, … in the contract's table order: events (the ninth) has 24. */
const counts = Object.fromEntries(
  debugRowCountTables.map((table, i) => [table, i * 3]),
) as DatabaseDebug['rowCounts'];

const server: DatabaseServerDebug = {
  dialect: 'postgres',
  version: 'PostgreSQL 16.4',
  latencyMs: 1.7,
  migrations: [
    { name: '0001-auth', appliedAt: '2026-11-01T09:00:00.000Z' },
    { name: '0002-websites', appliedAt: '2026-11-02T09:00:00.000Z' },
  ],
  backlog: { derivation: 12, crediting: { pending: 4, failed: 1 } },
  clickhouse: null,
  ingest: {
    accepted: 900,
    stored: 880,
    duplicates: 20,
    rateLimited: 0,
    commitFailures: 0,
    dropped: { bot: 5 },
  },
};

/** What an operator of the server gets. */
const reachable: DatabaseDebug = {
  reachable: true,
  rowCounts: counts,
  checkedAt: '2026-11-25T12:00:00.000Z',
  server,
};

function open(report: DatabaseDebug) {
  fakeApi({ '/api/debug/database': () => ({ body: report }) });
  renderScreen(<DebugDatabasePage />);
}

const shown = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('Database Debug', () => {
  it('shows an operator the server, backlogs, migrations and row counts as the server measured them', async () => {
    open(reachable);
    await screen.findByText('PostgreSQL 16.4');
    expect(shown('Round trip')).toBe('1.7 ms');
    expect(shown('Latest migration')).toBe('0002-websites');
    expect(shown('Events waiting for derivation')).toBe('12');
    expect(shown('Conversions that could not be credited')).toBe('1');
    expect(shown('Dropped')).toBe('5');
    const rows = screen.getByRole('table', { name: 'Your rows' });
    expect(within(rows).getByRole('row', { name: 'Events 24' })).toBeTruthy();
    const migrations = screen.getByRole('table', { name: 'Applied migrations' });
    expect(within(migrations).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('ClickHouse reachable')).toBeNull();
  });

  it("shows ClickHouse's ping and the rows waiting for their copies when it is configured", async () => {
    open({ ...reachable, server: { ...server, clickhouse: { reachable: false, copyBacklog: 100_000 } } });
    await screen.findByText('PostgreSQL 16.4');
    expect(shown('ClickHouse reachable')).toBe('No');
    expect(shown('Rows waiting for their ClickHouse copy')).toBe('Over 100,000');
  });

  it('shows anyone else whether the database answers and their own rows, and says the rest is for operators', async () => {
    open({ ...reachable, server: null });
    const rows = await screen.findByRole('table', { name: 'Your rows' });
    expect(within(rows).getByRole('row', { name: 'Events 24' })).toBeTruthy();
    expect(shown('Reachable')).toBe('Yes');
    expect(
      screen.getByText(/only its operators see them: the addresses listed in OCX_ADMIN_EMAILS/),
    ).toBeTruthy();
    for (const label of ['Dialect', 'Version', 'Round trip', 'Latest migration', 'Accepted'])
      expect(screen.queryByText(label)).toBeNull();
    expect(screen.queryByText('PostgreSQL 16.4')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Applied migrations' })).toBeNull();
  });

  it('says nothing was counted when the database cannot be reached', async () => {
    open({
      ...reachable,
      reachable: false,
      rowCounts: null,
      server: { ...server, version: null, latencyMs: null, migrations: [] },
    });
    expect(await screen.findByText('The database cannot be reached, so nothing was counted.')).toBeTruthy();
    expect(shown('Round trip')).toBe('Not measured');
    expect(screen.getByText('No migration applied.')).toBeTruthy();
  });
});
