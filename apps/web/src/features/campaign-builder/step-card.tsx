import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One numbered step of the builder. */
export function StepCard({
  step,
  title,
  done = false,
  children,
}: {
  step: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" aria-label={`Step ${step}: ${title}`} component="section">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge circle size="lg" variant={done ? 'filled' : 'light'}>
            {step}
          </Badge>
          <Title order={4}>{title}</Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
