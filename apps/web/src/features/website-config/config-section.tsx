import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ConfigSection(props: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${props.title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      {/* The action drops below the title on a narrow screen instead of squeezing either. */}
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={4} id={id}>
            {props.title}
          </Title>
          {props.description ? (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          ) : null}
        </Stack>
        {props.action}
      </Group>
      {props.children}
    </Card>
  );
}
