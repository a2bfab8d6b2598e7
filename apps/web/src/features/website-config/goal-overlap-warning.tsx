import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { Goal, GoalOverlap } from '@ocx/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useGoalOverlaps } from '../../api/queries/use-goal-overlaps';

const count = new Intl.NumberFormat();

/** One overlapping pair in a sentence: both goals by name, and how often. */
export function overlapSentence(overlap: GoalOverlap): string {
  const [a, b] = overlap.goals;
  const times = overlap.pairs === 1 ? 'once' : `${count.format(overlap.pairs)} times`;
  return `“${a.name}” and “${b.name}” both gave a value in the same visit, within 30 minutes of each other, ${times} in the last 90 days.`;
}

/**
 * Above the goals: valued goals that count one sale twice (a thank-you page with a value and the
 * purchase event of the same order; docs/definitions.md#valued-goals-that-overlap), with a way to
 * edit the goal whose own value is the likely double.
 */
export function GoalOverlapWarning({
  websiteId,
  goals,
  onEdit,
}: {
  websiteId: string;
  goals: Goal[];
  onEdit(goal: Goal): void;
}) {
  const overlaps = useGoalOverlaps(websiteId).data ?? [];
  if (overlaps.length === 0) return null;
  // A goal with a value of its own is the one to clear; an event goal's value comes with each event.
  const editable = [
    ...new Map(
      overlaps
        .flatMap((o) => o.goals)
        .map((ref) => goals.find((g) => g.id === ref.id))
        .filter((g): g is Goal => g !== undefined && g.value !== null)
        .map((g) => [g.id, g]),
    ).values(),
  ];
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle />}
      title="Goals that may count the same sale twice"
      mb="md"
      data-testid="goal-overlap-warning"
    >
      <Stack gap="xs">
        <List size="sm" spacing={4}>
          {overlaps.map((o) => (
            <List.Item key={o.goals.map((g) => g.id ?? g.name).join('|')}>{overlapSentence(o)}</List.Item>
          ))}
        </List>
        <Text size="sm">
          Revenue and ROAS add both values. If they record the same order, keep the value on one of them:
          clear the Goal Value of the other.
        </Text>
        {editable.length > 0 ? (
          <Group gap="xs">
            {editable.map((g) => (
              <Button key={g.id} size="xs" variant="default" onClick={() => onEdit(g)}>
                Edit “{g.name}”
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
