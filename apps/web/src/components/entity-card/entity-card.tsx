import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { openConfirm } from '../dialog-close';

interface EntityCardProps {
  /** What the card shows, as the spec names it ("network", "landing page"): the delete button says it. */
  noun: string;
  name: string;
  /** Beside the name (a Default badge). */
  badge?: ReactNode;
  /** The line under the name. */
  subtitle: ReactNode;
  /** Truncate the name and subtitle to one line (long names and addresses). */
  truncate?: boolean;
  /** The card's own action buttons, shown before Delete. */
  actions?: ReactNode;
  /** The question the confirmation asks; by default "Are you sure you want to delete this <noun>?". */
  deleteQuestion?: string;
  /** Runs only once the person has confirmed. */
  onDelete(): void;
  deleting: boolean;
  testId: string;
  /** The card's fields and metrics. */
  children: ReactNode;
}

/**
 * One card of a workspace list (networks, sources, landing pages, campaigns): the name, the card's
 * own actions and a Delete that always asks first, in a dialog naming what goes.
 */
export function EntityCard({
  noun,
  name,
  badge,
  subtitle,
  truncate = false,
  actions,
  deleteQuestion = `Are you sure you want to delete this ${noun}?`,
  onDelete,
  deleting,
  testId,
  children,
}: EntityCardProps) {
  const deleteLabel = `Delete ${noun}`;
  const confirmDelete = () =>
    openConfirm({
      title: `${deleteLabel} "${name}"`,
      children: <Text size="sm">{deleteQuestion}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: onDelete,
    });
  return (
    <Card withBorder padding="lg" data-testid={testId} aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate={truncate} style={{ minWidth: 0 }}>
              {name}
            </Text>
            {badge}
          </Group>
          <Group gap={4} wrap="nowrap">
            {actions}
            <Tooltip label={deleteLabel}>
              <ActionIcon
                variant="subtle"
                color="red"
                // Named for its card: a list of cards has one Delete each ('Delete campaign Spring Search').
                aria-label={`${deleteLabel} ${name}`}
                loading={deleting}
                onClick={confirmDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {/* Under the name and the actions, across the card: a long address is cut only at the card's edge. */}
        <Text
          size="sm"
          c="dimmed"
          truncate={truncate}
          mt={-10}
          title={truncate && typeof subtitle === 'string' ? subtitle : undefined}
        >
          {subtitle}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
