import { ActionIcon, Badge, Button, Code, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Goal, messages, type Website } from '@ocx/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useRemoveGoal } from '../../api/mutations/use-website-mutations';
import { ScrollTable } from '../../components/scroll-table';
import { ConfigSection } from './config-section';
import { GoalModal } from './goal-modal';
import { GoalOverlapWarning } from './goal-overlap-warning';

const TYPE_COLOR = { pageview: 'blue', click: 'grape', event: 'teal' } as const;

function conditionText(goal: Goal): string {
  return goal.conditions.path ?? goal.conditions.selector ?? goal.conditions.event ?? '';
}

/** The modal's state: closed, adding a goal (null), or editing one. */
type Editing = { goal: Goal | null } | null;

export function GoalsSection({ website }: { website: Website | null }) {
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useRemoveGoal({
    onError: () => notifications.show({ color: 'red', message: messages.goals.removeFailed }),
  });
  const goals = website?.goals ?? [];

  const addButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setEditing({ goal: null })}
      disabled={!website}
    >
      Add Goal
    </Button>
  );

  return (
    <ConfigSection
      title="Conversion Goals"
      description="What counts as a conversion on this website. Each goal is saved as you add, edit or remove it."
      action={
        website ? addButton : <Tooltip label="Save the configuration first to add goals">{addButton}</Tooltip>
      }
    >
      {website ? (
        <GoalOverlapWarning websiteId={website.id} goals={goals} onEdit={(goal) => setEditing({ goal })} />
      ) : null}
      {goals.length === 0 ? (
        <Text c="dimmed" size="sm">
          {website
            ? 'No goals configured yet. Click the button above to add your first conversion goal.'
            : 'Save the configuration first to add conversion goals.'}
        </Text>
      ) : (
        <ScrollTable minWidth={520} label="Conversion goals">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Condition</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th w={84}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {goals.map((goal) => (
                <Table.Tr key={goal.id}>
                  <Table.Td fw={500}>{goal.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={TYPE_COLOR[goal.type]}>
                      {goal.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Code>{conditionText(goal)}</Code>
                  </Table.Td>
                  <Table.Td>
                    {goal.value === null
                      ? '-'
                      : goal.value.toLocaleString(undefined, { maximumFractionDigits: 2 })}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit goal">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit goal ${goal.name}`}
                          onClick={() => setEditing({ goal })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Remove goal">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove goal ${goal.name}`}
                          onClick={() => remove.mutate(goal)}
                          loading={remove.isPending && remove.variables?.id === goal.id}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {website ? (
        <GoalModal
          websiteId={website.id}
          goal={editing?.goal ?? null}
          opened={editing !== null}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ConfigSection>
  );
}
