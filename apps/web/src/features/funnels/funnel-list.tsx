import {
  ActionIcon,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { type Funnel, messages } from '@ocx/contracts';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionLoader } from '../../components/full-page-loader';
import { RetryError } from './retry-error';

interface Props {
  funnels: Funnel[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  selectedId: string | null;
  onSelect(funnel: Funnel): void;
  onCreate(): void;
  onEdit(funnel: Funnel): void;
  onDelete(funnel: Funnel): void;
}

/** Spec §2 'Your Funnels': rows expand to the description and the step names; edit and delete. */
export function FunnelList({
  funnels,
  loading,
  failed,
  onRetry,
  selectedId,
  onSelect,
  onCreate,
  onEdit,
  onDelete,
}: Props) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="your-funnels">
      <Group justify="space-between" mb="md">
        <Title order={4} id="your-funnels">
          Your Funnels
        </Title>
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onCreate}>
          Create Funnel
        </Button>
      </Group>
      {loading ? (
        <SectionLoader label="Loading funnels..." />
      ) : failed ? (
        <RetryError message={messages.funnels.loadFailed} onRetry={onRetry} />
      ) : !funnels || funnels.length === 0 ? (
        <Text c="dimmed" size="sm">
          {messages.funnels.empty}
        </Text>
      ) : (
        <Stack gap="xs">
          {funnels.map((f) => (
            <FunnelRow
              key={f.id}
              funnel={f}
              selected={f.id === selectedId}
              onSelect={() => onSelect(f)}
              onEdit={() => onEdit(f)}
              onDelete={() => onDelete(f)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function FunnelRow({
  funnel,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  funnel: Funnel;
  selected: boolean;
  onSelect(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card
      withBorder
      padding="sm"
      radius="sm"
      data-testid="funnel-row"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`${open ? 'Collapse' : 'Expand'} funnel ${funnel.name}`}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </ActionIcon>
        <UnstyledButton onClick={onSelect} style={{ flex: 1, minWidth: 0 }} aria-current={selected}>
          <Text fw={600} truncate>
            {funnel.name}
          </Text>
          <Text size="xs" c="dimmed">
            {funnel.steps.length} {funnel.steps.length === 1 ? 'step' : 'steps'}
          </Text>
        </UnstyledButton>
        <Tooltip label="Edit funnel">
          <ActionIcon variant="subtle" aria-label={`Edit funnel ${funnel.name}`} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete funnel">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete funnel ${funnel.name}`}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {open ? (
        <Stack gap={6} mt="xs" pl={36}>
          <Text size="sm" c={funnel.description ? undefined : 'dimmed'}>
            {funnel.description || 'No description'}
          </Text>
          <List type="ordered" size="sm">
            {funnel.steps.map((s) => (
              <List.Item key={s.id}>{s.name}</List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Card>
  );
}
