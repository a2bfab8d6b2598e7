import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../components/logo';

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Box className="ocx-page-bg" mih="100vh">
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Logo />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={2} ta="center">
                {title}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Paper>
          <Text c="dimmed" size="xs" ta="center">
            Campaign attribution you host yourself.
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
