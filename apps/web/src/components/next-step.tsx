import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Where each next step is done: the Website Config section that does it. */
export const NEXT_STEP_LINKS = {
  installSnippet: '/website-config#section-tracking-script',
  addGoal: '/website-config#section-conversion-goals',
} as const;

/**
 * An empty state's one next step: a sentence saying what to do, and the button that goes there
 * (never a pointer at a control elsewhere that may be disabled).
 */
export function NextStep({
  text,
  action,
  to,
  icon,
  align = 'flex-start',
}: {
  text: ReactNode;
  action: string;
  to: string;
  icon?: ReactNode;
  align?: 'flex-start' | 'center';
}) {
  return (
    <Stack gap="sm" align={align} data-testid="next-step">
      <Text size="sm" c="dimmed" ta={align === 'center' ? 'center' : undefined}>
        {text}
      </Text>
      <Group>
        <Button component={Link} to={to} variant="light" leftSection={icon}>
          {action}
        </Button>
      </Group>
    </Stack>
  );
}
