import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" aria-label="OCX home" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap={8} wrap="nowrap">
        <img src="/logo.svg" alt="" width={28} height={28} />
        {compact ? null : (
          <Text fw={800} size="lg" style={{ letterSpacing: '0.04em' }}>
            OCX
          </Text>
        )}
      </Group>
    </Link>
  );
}
