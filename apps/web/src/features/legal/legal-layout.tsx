import { Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';

/** A short text page open to everyone (the sign-up form links it), with a way back. */
export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box className="ocx-page-bg" mih="100vh">
      <Container size={760} py="lg">
        <Group justify="space-between" mb="lg" wrap="wrap">
          <Logo />
          <Anchor component={Link} to="/signup" size="sm">
            Back to sign-up
          </Anchor>
        </Group>
        <Paper withBorder p="xl" radius="lg">
          <Stack gap="sm">
            <Title order={1} size="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} mt="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Para({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}
