import { Button, Code, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/date-format';
import { openConfirm } from '../../components/dialog-close';
import { FormError } from '../../components/form-error';
import { InlineLoader } from '../../components/full-page-loader';
import { ScrollTable } from '../../components/scroll-table';

/** What every revocable credential shows: its id, the start of its secret and when it was made. */
interface Revocable {
  id: string;
  prefix: string;
  createdAt: string;
}

interface RevocableTableProps<T extends Revocable> {
  /** The rows and their loading state. */
  query: UseQueryResult<T[]>;
  /** Revokes one row by id. */
  revoke: UseMutationResult<unknown, Error, string>;
  /** What one row is, in the texts: "API key", "shared link". */
  noun: string;
  testId: string;
  empty: string;
  /** The first columns: a name or the secret's start, then whatever the kind adds. */
  columns: { header: string; cell: (item: T) => ReactNode }[];
  /** When it was last used, under this header ("Last used", "Last viewed"). */
  lastUse: { header: string; at: (item: T) => string | null };
  revokeIcon: ReactNode;
  /** The row's Revoke button, named for screen readers: "Revoke API key Checkout server". */
  buttonLabel: (item: T) => string;
  /** The confirmation's question, saying what revoking does. */
  question: (item: T) => string;
  /** The confirm button: "Revoke key". */
  confirmLabel: string;
  revokedMessage: (item: T) => string;
}

/** A website's API keys or shared links: a table with a confirmed Revoke on each row. */
export function RevocableTable<T extends Revocable>(props: RevocableTableProps<T>) {
  const { query, revoke, noun } = props;
  const confirmRevoke = (item: T) =>
    openConfirm({
      title: `Revoke ${noun}`,
      children: <Text size="sm">{props.question(item)} This cannot be undone.</Text>,
      labels: { confirm: props.confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(item.id, {
          onSuccess: () => notifications.show({ color: 'ocx', message: props.revokedMessage(item) }),
          onError: () =>
            notifications.show({ color: 'red', message: `Failed to revoke the ${noun}. Please try again.` }),
        }),
    });

  if (query.isPending) return <InlineLoader label={`Loading ${noun}s`} />;
  if (query.error) return <FormError message={`Failed to load ${noun}s: ${query.error.message}`} />;
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {props.empty}
      </Text>
    );
  }
  return (
    <ScrollTable minWidth={620} label={`${noun}s`}>
      <Table verticalSpacing="sm" highlightOnHover data-testid={props.testId}>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th>Created</Table.Th>
            <Table.Th>{props.lastUse.header}</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((item) => (
            <Table.Tr key={item.id}>
              {props.columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
              ))}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <LastUse at={props.lastUse.at(item)} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={props.revokeIcon}
                  onClick={() => confirmRevoke(item)}
                  loading={revoke.isPending && revoke.variables === item.id}
                  aria-label={props.buttonLabel(item)}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The start of a secret, as the server keeps it. */
export const SecretPrefix = ({ prefix }: { prefix: string }) => <Code>{prefix}…</Code>;

function LastUse({ at }: { at: string | null }) {
  if (at) return formatDateTime(at);
  return (
    <Text c="dimmed" size="sm" span>
      Never
    </Text>
  );
}
