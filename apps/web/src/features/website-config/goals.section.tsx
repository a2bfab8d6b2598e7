import { ActionIcon, Badge, Button, Code, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Goal, messages, type Website } from '@ocx/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useRemoveGoal } from '../../api/mutations/use-website-mutations';
import { ConfigSection } from './config-section';
import { NewGoalModal } from './new-goal-modal';

const TYPE_COLOR = { pageview: 'blue', click: 'grape', event: 'teal' } as const;

function conditionText(goal: Goal): string {
  return goal.conditions.path ?? goal.conditions.selector ?? goal.conditions.event ?? '';
}

export function GoalsSection({ website }: { website: Website | null }) {
  const [opened, setOpened] = useState(false);
  const remove = useRemoveGoal({
    onError: () => notifications.show({ color: 'red', message: messages.goals.removeFailed }),
  });
  const goals = website?.goals ?? [];

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)} disabled={!website}>
      Add Goal
    </Button>
  );

  return (
    <ConfigSection
      title="Conversion Goals"
      description="What counts as a conversion on this website."
      action={
        website ? addButton : <Tooltip label="Save the configuration first to add goals">{addButton}</Tooltip>
      }
    >
      {goals.length === 0 ? (
        <Text c="dimmed" size="sm">
          {website
            ? 'No goals configured yet. Click the button above to add your first conversion goal.'
            : 'Save the configuration first to add conversion goals.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Condition</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th w={48} />
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {website ? (
        <NewGoalModal websiteId={website.id} opened={opened} onClose={() => setOpened(false)} />
      ) : null}
    </ConfigSection>
  );
}
