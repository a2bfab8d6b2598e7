import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a debug card (a div: a value may be a Badge, which a <p> cannot hold). */
export function DebugField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py={4}>
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
