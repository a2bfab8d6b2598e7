import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function StatCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" aria-label={label} role="group">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
      {children}
    </Card>
  );
}
